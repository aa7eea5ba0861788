import { z } from 'zod';
import { ADVERTISER_MAX, DEFAULT_ADVERTISER, MEDIA_TEXT_MAX, NAME_MAX, RATING_MAX, RATING_MIN, REJECTION_REASON_MAX } from '../limits';
import { MSG } from '../messages';
import { CATEGORY_LISTS, type CategoryKey } from '../vocabulary';
import { singleLineField, textField } from './fields';
import { cursorField } from './paging';

const text = (max: number) => textField().trim().max(max).default('');
const lines = z
  .array(textField().trim().max(2000))
  .max(50)
  .default([])
  .transform((l) => l.filter(Boolean));

function categoryField(key: CategoryKey) {
  const values = CATEGORY_LISTS[key] as readonly [string, ...string[]];
  return z
    .array(z.enum(values, { error: MSG.unknownValue }), { error: MSG.selectAtLeastOne[key] })
    .min(1, MSG.selectAtLeastOne[key])
    .transform((v) => [...new Set(v)]);
}

/** The submit / edit form (spec §5 Submit), shared by the form and the server. */
export const creativeInput = z.object({
  name: singleLineField(MSG.fieldRequired).min(1, MSG.fieldRequired).max(NAME_MAX, MSG.nameMax),
  advertiser: singleLineField()
    .max(ADVERTISER_MAX, MSG.advertiserMax)
    .default('')
    .transform((v) => v || DEFAULT_ADVERTISER),
  format: categoryField('format'),
  objective: categoryField('objective'),
  type: categoryField('type'),
  sector: categoryField('sector'),
  platform: categoryField('platform'),
  isJuntoAngel: z.boolean().default(false),
  testedAndApproved: z.boolean().default(false),
  attention: text(5000),
  interest: text(5000),
  desire: text(5000),
  bestPractices: lines,
  actions: lines,
  /**
   * The words read in the media, as the staff corrected them in the edit form; absent: unchanged (the
   * submit form never sends it, the media analysis writes it). Only the staff may send it.
   */
  mediaText: textField().trim().max(MEDIA_TEXT_MAX, MSG.mediaTextMax).optional(),
});
export type CreativeFormValues = z.input<typeof creativeInput>;
export type CreativeInputData = z.output<typeof creativeInput>;

/** 'Motif du refus': required after trimming, at most REJECTION_REASON_MAX characters. */
export const rejectionInput = z.object({
  reason: textField(MSG.rejectionRequired).trim().min(1, MSG.rejectionRequired).max(REJECTION_REASON_MAX, MSG.rejectionMax),
});

/** Feature dialog: analyst first name and 1 to 5 stars. */
export const featureInput = z.object({
  analyzedBy: singleLineField(MSG.analystRequired).min(1, MSG.analystRequired).max(50),
  rating: z
    .number({ error: MSG.ratingRequired })
    .int(MSG.ratingRequired)
    .min(RATING_MIN, MSG.ratingRequired)
    .max(RATING_MAX, MSG.ratingRequired),
});
export type FeatureInput = z.input<typeof featureInput>;

/** Every field of the admin form is one line: a name, an advertiser, a URL, a list's value. */
const adminRequired = () => singleLineField(MSG.adminFieldRequired).min(1, MSG.adminFieldRequired);

/** The simple admin form (/admin/submit): every field required, the image given by URL. */
export const adminCreativeInput = z.object({
  name: adminRequired().max(NAME_MAX, MSG.nameMax),
  advertiser: adminRequired().max(ADVERTISER_MAX, MSG.advertiserMax),
  image: adminRequired().pipe(z.url({ protocol: /^https?$/, error: MSG.adminImageUrl })),
  format: adminRequired().pipe(z.enum(CATEGORY_LISTS.format, { error: MSG.adminFieldRequired })),
  objective: adminRequired().pipe(z.enum(CATEGORY_LISTS.objective, { error: MSG.adminFieldRequired })),
  type: adminRequired().pipe(z.enum(CATEGORY_LISTS.type, { error: MSG.adminFieldRequired })),
  sector: adminRequired().pipe(z.enum(CATEGORY_LISTS.sector, { error: MSG.adminFieldRequired })),
  platform: adminRequired().pipe(z.enum(CATEGORY_LISTS.platform, { error: MSG.adminFieldRequired })),
});
export type AdminCreativeFormValues = z.input<typeof adminCreativeInput>;

/** The `status` of a validation queue (pending or rejected lists); anything else reads as 'Données invalides'. */
export const reviewStatusInput = z.object({ status: z.enum(['pending', 'rejected'], { error: MSG.invalidInput }) });
/** Query of a validation queue or of 'Mes créas': the tab and the page's cursor. */
export const reviewListQuery = reviewStatusInput.extend({ cursor: cursorField });
