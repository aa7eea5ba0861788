import { describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import type { CreativeInput } from '@/gateway/types';
import { copiesOf, structuredPictures, type TestPicture } from '../helpers/fingerprints';
import { VALID_FORM } from '../helpers/uploads';
import { failure } from './failure';
import type { ContractHarness } from './harness';

/**
 * The rows of docs/firebase.md's table "What it does, and what it cannot do" that both modes offer,
 * proved on each gateway through the Gateway interface alone: filter counts, 'Pertinence', the
 * duplicate warning, 'Déconnecter les autres appareils' and the list of devices (folder notes and
 * share links: gateway-contract.ts).
 * Where a mode lacks part of a row, the case proves the flag says so and what the mode does instead.
 */

let n = 0;
/** A search word of at most 10 characters (Firebase counts a search by its stored piece of ≤ 10). */
const uniqueWord = () => `Qz${++n}${Date.now().toString(36).slice(-6)}`;

const fileOf = (p: TestPicture, name = 'visuel') =>
  new File([new Uint8Array(p.bytes)], `${name}.${p.type.split('/')[1]}`, { type: p.type });

/** `auth_time` counts whole seconds (Firebase): a later sign-in must fall in a later second. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

export function featureRowsContract(harness: () => ContractHarness) {
  describe('the features table: what both modes do', () => {
    it('counts the approved creatives behind each filter value, with the rest of the view', async () => {
      const h = harness();
      const admin = (await h.signedIn('admin')).gateway;
      const agency = (await h.signedIn('agency')).gateway;
      expect(admin.features.facetCounts).toBe(true);
      const word = uniqueWord();
      const form = (platform: string, isJuntoAngel: boolean): CreativeInput => ({
        ...VALID_FORM,
        name: `Affiche ${word}`,
        platform: [platform],
        isJuntoAngel,
      });
      await admin.creatives.submit(form('Meta', true), await h.image());
      await admin.creatives.submit(form('Meta', false), await h.image());
      await admin.creatives.submit(form('TikTok', false), await h.image());
      // Waiting for validation: never counted.
      await agency.creatives.submit(form('TikTok', true), await h.image());

      const all = await h.anonymous().creatives.facets({ q: word });
      expect(all.total).toBe(3);
      expect(all.categories.platform).toMatchObject({ Meta: 2, TikTok: 1, LinkedIn: 0 });
      expect(all.categories.format).toMatchObject({ Statique: 3 });
      expect(all.junto).toBe(1);

      // A value chosen in a group: the other groups and the flags count within it, its own group does not narrow.
      const tiktok = await h.anonymous().creatives.facets({ q: word, filters: { platform: ['TikTok'] } });
      expect(tiktok.total).toBe(1);
      expect(tiktok.categories.platform).toMatchObject({ Meta: 2, TikTok: 1 });
      expect(tiktok.categories.sector).toMatchObject({ Food: 1 });
      expect(tiktok.junto).toBe(0);
      const junto = await h.anonymous().creatives.facets({ q: word, isJuntoAngel: true });
      expect(junto.categories.platform).toMatchObject({ Meta: 1, TikTok: 0 });
    });

    it("ranks a search by 'Pertinence': every word in the name before a match elsewhere, newest first within each", async () => {
      const h = harness();
      const admin = (await h.signedIn('admin')).gateway;
      expect(admin.features.relevanceSort).toBe(true);
      const word = uniqueWord();
      // Made first, so older: only 'Pertinence' puts it before the other.
      const inName = await admin.creatives.submit({ ...VALID_FORM, name: `Affiche ${word}`, advertiser: 'Marque Alpha' }, await h.image());
      const inAdvertiser = await admin.creatives.submit(
        { ...VALID_FORM, name: 'Autre affiche', advertiser: `Marque ${word}` },
        await h.image(),
      );
      const visitor = h.anonymous();
      const ids = async (sort: 'relevance' | 'recent') => (await visitor.creatives.list({ q: word, sort })).items.map((c) => c.id);
      expect(await ids('relevance')).toEqual([inName.id, inAdvertiser.id]);
      expect(await ids('recent')).toEqual([inAdvertiser.id, inName.id]);
    });

    it('warns of a file already sent, or a copy of it; the details only to whom may open it', async () => {
      const h = harness();
      const agency = (await h.signedIn('agency')).gateway;
      const otherAgency = (await h.signedIn('agency')).gateway;
      const member = (await h.signedIn('user')).gateway;
      expect(agency.features.duplicateCheck).toBe(true);
      const [original, unrelated] = await structuredPictures();
      const created = await agency.creatives.submit({ ...VALID_FORM, name: 'Original' }, fileOf(original!));

      const same = await agency.creatives.checkDuplicates(fileOf(original!));
      expect(same).toMatchObject({ hiddenMatch: false, matches: [{ exact: true, creative: { id: created.id } }] });
      const [copy] = await copiesOf(original!);
      const near = await agency.creatives.checkDuplicates(fileOf(copy!, 'copie'));
      expect(near.matches.map((m) => [m.creative.id, m.exact])).toEqual([[created.id, false]]);
      // Another agency's pending creative: the warning without its details.
      expect(await otherAgency.creatives.checkDuplicates(fileOf(original!))).toEqual({ matches: [], hiddenMatch: true });
      expect(await otherAgency.creatives.checkDuplicates(fileOf(unrelated!))).toEqual({ matches: [], hiddenMatch: false });

      expect(await failure(h.anonymous().creatives.checkDuplicates(fileOf(original!)))).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: MSG.mustBeLoggedToSubmit,
      });
      expect((await failure(member.creatives.checkDuplicates(fileOf(original!)))).code).toBe('FORBIDDEN');
    });

    it('lists the signed-in devices: every one, or this one alone where the mode cannot see the others', async () => {
      const h = harness();
      const { gateway: laptop, user, password } = await h.signedIn('user');
      expect(laptop.features.deviceSessions).toBe(true);
      const before = await laptop.auth.sessions();
      await nextSecond();
      const phone = h.anonymous();
      await phone.auth.login({ email: user.email, password });

      const seen = await laptop.auth.sessions();
      expect(seen.filter((s) => s.current)).toHaveLength(1);
      expect(new Set(seen.map((s) => s.id)).size).toBe(seen.length);
      if (laptop.features.otherDevicesListed) {
        // The phone's sign-in is one more, not this device.
        expect(seen).toHaveLength(before.length + 1);
        const [phoneSession] = (await phone.auth.sessions()).filter((s) => s.current);
        expect(seen.find((s) => s.id === phoneSession?.id)?.current).toBe(false);
      } else {
        expect(seen).toEqual([expect.objectContaining({ current: true })]);
      }
      for (const s of seen) expect(Date.parse(s.createdAt)).toBeLessThanOrEqual(Date.now());
    });

    it("'Déconnecter les autres appareils' ends the other sessions at their next call and keeps this one", async () => {
      const h = harness();
      const { gateway: laptop, user, password } = await h.signedIn('user');
      await laptop.folders.create('Idées');
      await nextSecond();
      const phone = h.anonymous();
      await phone.auth.login({ email: user.email, password });
      expect((await phone.folders.list()).map((f) => f.name)).toEqual(['Idées']);

      await laptop.auth.revokeOtherSessions();

      // Self-hosted: the session is gone (UNAUTHENTICATED); Firebase: the rules refuse the older
      // sign-in and the gateway says why (SESSION_REVOKED). Either way a 401, then signed out.
      const refused = await failure(phone.folders.create('Encore'));
      expect(refused.status).toBe(401);
      expect(['UNAUTHENTICATED', 'SESSION_REVOKED']).toContain(refused.code);
      expect(await phone.auth.getSession()).toBeNull();

      expect((await laptop.auth.getSession())?.id).toBe(user.id);
      expect((await laptop.folders.list()).map((f) => f.name)).toEqual(['Idées']);
      expect(await laptop.auth.sessions()).toEqual([expect.objectContaining({ current: true })]);

      await nextSecond();
      await phone.auth.login({ email: user.email, password });
      expect((await phone.folders.create('Retour')).name).toBe('Retour');
    });
  });
}
