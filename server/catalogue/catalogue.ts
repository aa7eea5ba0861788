import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { rowsOf } from '@server/db/sql-rows';
import { logger } from '@server/log';
import { readCatalogueImage, saveCatalogueImage } from './catalogue-image';
import { countBits, slotsOf } from './bitset';
import type { CatalogueIndex } from './catalogue-index';
import { SubstringSet } from './catalogue-query';
import { catchUp, currentEpoch, JOURNAL_KEEP_HOURS, loadCatalogue, pruneJournal, type JournalPosition } from './catalogue-sync';
import { readAndQuery, type QueryLexeme } from './tsvector-text';

export interface CatalogueOptions {
  /**
   * How often the journal is read for writes made outside the API (ms). 0: before every query —
   * what the tests use, whose fixtures write to the database directly.
   */
  pollMs?: number;
  /** Dead slots past this share of the slots start a rebuild in the background. */
  deadShare?: number;
  /**
   * Where the index is saved (catalogue-image.ts) and resumed from at the next start, with the
   * journal's rows written since; null: always read from the database.
   */
  imageFile?: string | null;
}

/** A saved index older than this is not resumed: the journal rows after it may be pruned already. */
const IMAGE_MAX_AGE_MS = (JOURNAL_KEEP_HOURS - 4) * 3_600_000;
/** A saved index more journal rows behind than this is not resumed: reading the database is faster. */
const RESUME_MAX_BACKLOG = 200_000;

/** Normalised search words kept (a pure function of each word: PostgreSQL's parser and stemmer). */
const LEXEMES_KEPT = 20_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** At most this many creatives holding every piece of a substring spanning words are checked by id. */
const SPANNING_CHECKED = 2_000;

/**
 * The catalogue engine of one process (docs/decisions/019-catalogue-engine.md): the approved
 * catalogue in memory (catalogue-index.ts), loaded at start-up and kept in step with the database's
 * journal (catalogue-sync.ts). `fresh()` gives the index once every write this process has been told
 * of is applied: `changed()` — called for every API write of this instance, and for the other
 * instances' writes through Redis — makes the next query read the journal first; a timer reads it
 * every `pollMs` for writes made outside the API. PostgreSQL stays the record: pages read their
 * rows by id.
 */
export class Catalogue {
  private index: CatalogueIndex | null = null;
  private position: JournalPosition | null = null;
  private loading: Promise<void> | null = null;
  private wanted = 1;
  private applied = 0;
  private syncing: Promise<void> | null = null;
  private rebuilding = false;
  private timer: NodeJS.Timeout | null = null;
  private lastPrune = 0;
  private readonly lexemes = new Map<string, QueryLexeme[] | null>();
  private readonly pollMs: number;
  private readonly deadShare: number;
  private readonly imageFile: string | null;
  /** Where the index came from at start-up: the saved file (and the journal since), or the database. */
  startedFrom: 'file' | 'database' | null = null;

  constructor(
    private readonly db: Db,
    options: CatalogueOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 2_000;
    this.deadShare = options.deadShare ?? 0.2;
    this.imageFile = options.imageFile ?? null;
  }

  /**
   * Loads the catalogue (once; later calls wait for the same load) and starts following the journal:
   * the saved index and the journal's rows since, when it can be resumed, else every creative.
   */
  start(): Promise<void> {
    this.loading ??= (async () => {
      const started = Date.now();
      const resumed = await this.resume();
      const { index, position } = resumed ?? (await loadCatalogue(this.db));
      this.index = index;
      this.position = position;
      this.startedFrom = resumed ? 'file' : 'database';
      this.applied = this.wanted - 1;
      logger.info(
        {
          creatives: index.liveCount,
          lexemes: index.lexemeCount,
          mb: Math.round(index.bytes / 1e6),
          ms: Date.now() - started,
          from: resumed ? 'fichier' : 'base',
        },
        'catalogue : chargé en mémoire',
      );
      if (!resumed) this.save();
      if (this.pollMs > 0) {
        this.timer = setInterval(() => {
          this.changed();
          this.fresh().catch((err: unknown) => logger.warn({ err }, 'catalogue : lecture du journal impossible'));
        }, this.pollMs);
        this.timer.unref();
      }
    })().catch((err: unknown) => {
      this.loading = null;
      throw err;
    });
    return this.loading;
  }

  get ready(): boolean {
    return this.index !== null;
  }

  /** Something changed in the database: the next `fresh()` reads the journal first. */
  changed(): void {
    this.wanted++;
  }

  /** The index, with every change this process has heard of applied (after loading it if needed). */
  async fresh(): Promise<CatalogueIndex> {
    if (!this.index) await this.start();
    if (this.pollMs === 0) this.changed();
    const target = this.wanted;
    while (this.applied < target) {
      if (!this.syncing) {
        this.syncing = this.sync(this.wanted).finally(() => {
          this.syncing = null;
        });
      }
      await this.syncing;
    }
    return this.index!;
  }

  /**
   * The lexemes of a search's words, each given as its own `to_tsquery` text (`croquettes:*`), as
   * PostgreSQL's French configuration makes them (stemmed, accents and stop words removed, `:*` for
   * a prefix) — an AND of words is the AND of each word's. Null when a word is not a plain lexeme (a
   * word the parser splits, read as a phrase): the caller answers in SQL. Kept per word; the words
   * not kept yet are read in one query.
   */
  async lexemesOf(words: readonly string[]): Promise<QueryLexeme[] | null> {
    const missing = [...new Set(words.filter((w) => !this.lexemes.has(w)))];
    if (missing.length > 0) {
      const rows = await rowsOf<{ w: string; q: string }>(
        this.db,
        sql`select w, to_tsquery('fr_search', w)::text as q from unnest(${sql.param(missing)}::text[]) as w`,
      );
      for (const { w, q } of rows) {
        if (this.lexemes.size >= LEXEMES_KEPT) this.lexemes.delete(this.lexemes.keys().next().value!);
        this.lexemes.set(w, readAndQuery(q ?? ''));
      }
    }
    const found: QueryLexeme[] = [];
    for (const word of words) {
      const lexemes = this.lexemes.get(word);
      if (!lexemes) return null;
      found.push(...lexemes);
    }
    return found;
  }

  /**
   * The approved creatives whose `search_text` holds `term`, a substring spanning words (« encore
   * plus »), or null when more than SPANNING_CHECKED creatives hold each of its pieces: those
   * (necessary: each piece lies within a word) are checked by id against the LIKE `pattern`, so
   * that SQL reads a few rows instead of the trigram index's every candidate.
   */
  async substringAcrossWords(term: string, pattern: string): Promise<string[] | null> {
    const index = await this.fresh();
    index.beginScratch();
    let candidates = index.alive;
    for (const piece of term.split(' ')) candidates = new SubstringSet(index, piece).select(false, candidates).where;
    if (countBits(candidates) > SPANNING_CHECKED) return null;
    const ids = slotsOf(candidates).map((slot) => index.ids.idOf(slot));
    if (ids.length === 0) return [];
    const rows = await rowsOf<{ id: string }>(
      this.db,
      sql`select id from creatives where id = any(${sql.param(ids)}::text[]) and status = 'approved' and search_text like ${pattern}`,
    );
    return rows.map((r) => r.id);
  }

  /** Whether creative `id` is approved, as far as every write this process has heard of says. */
  async holdsApproved(id: string): Promise<boolean> {
    const index = await this.fresh();
    const slot = index.ids.slotOf(id);
    return slot >= 0 && index.isLive(slot);
  }

  /** Figures for the logs and the benchmark. */
  get stats() {
    const index = this.index;
    return index ? { creatives: index.liveCount, deadSlots: index.dead, lexemes: index.lexemeCount, bytes: index.bytes } : null;
  }

  /**
   * Saves the index to its file, synchronously (nothing changes it meanwhile): after a load from the
   * database, after a rebuild, and when the server stops. A failure is logged; the next start reads the database.
   */
  save(): void {
    if (!this.imageFile || !this.index || !this.position) return;
    const started = Date.now();
    try {
      saveCatalogueImage(this.imageFile, this.index, this.position);
      logger.info({ file: this.imageFile, ms: Date.now() - started }, 'catalogue : enregistré');
    } catch (err) {
      logger.warn({ err, file: this.imageFile }, 'catalogue : enregistrement impossible');
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * The saved index brought up to date with the journal, or null (logged) when there is none, it was
   * saved by another version or for another epoch of the database (a restore), it is older than the
   * journal keeps, it is too far behind, or it cannot be read.
   */
  private async resume(): Promise<{ index: CatalogueIndex; position: JournalPosition } | null> {
    const file = this.imageFile;
    if (!file || !fs.existsSync(file)) return null;
    const skip = (reason: string) => {
      logger.info({ file, reason }, 'catalogue : fichier ignoré, lecture de la base');
      return null;
    };
    try {
      const image = readCatalogueImage(file);
      if (!image) return skip('autre version');
      if (image.position.epoch !== (await currentEpoch(this.db))) return skip('autre époque de la base (restauration)');
      if (Date.now() - image.savedAt > IMAGE_MAX_AGE_MS) return skip('trop ancien');
      if ((await catchUp(this.db, image.index, image.position, RESUME_MAX_BACKLOG)) === null) return skip('trop en retard');
      return image;
    } catch (err) {
      logger.warn({ err, file }, 'catalogue : fichier illisible, lecture de la base');
      return null;
    }
  }

  private async sync(target: number): Promise<void> {
    const index = this.index!;
    const changed = await catchUp(this.db, index, this.position!);
    // Swapped for a rebuilt index meanwhile: the waiting queries read the journal again, for the new one.
    if (index !== this.index) return;
    if (changed === null || index.dead > Math.max(10_000, index.size * this.deadShare)) this.rebuildLater();
    this.applied = Math.max(this.applied, target);
    if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      pruneJournal(this.db).catch((err: unknown) => logger.warn({ err }, 'catalogue : purge du journal impossible'));
    }
  }

  /**
   * A new index read from the database in the background, brought up to date with the journal and
   * swapped in: it reclaims dead slots. The current index answers meanwhile.
   */
  private rebuildLater(): void {
    if (this.rebuilding) return;
    this.rebuilding = true;
    void (async () => {
      try {
        const { index, position } = await loadCatalogue(this.db);
        await catchUp(this.db, index, position, Infinity);
        this.index = index;
        this.position = position;
        // Every query from now on waits until the new index has read the journal up to its own time.
        this.applied = 0;
        this.save();
      } catch (err) {
        logger.warn({ err }, 'catalogue : reconstruction impossible');
      } finally {
        this.rebuilding = false;
      }
    })();
  }
}
