import type { Creative } from '@domain/types';

/** An approved image creative for component tests; `overrides` set what the test is about. */
export function aCreative(overrides: Partial<Creative> & Pick<Creative, 'id' | 'name'>): Creative {
  return {
    advertiser: 'Annonceur',
    mediaType: 'image',
    mediaUrl: null,
    thumbUrl: null,
    posterUrl: null,
    width: null,
    height: null,
    image: null,
    format: 'GIF',
    objective: 'TOFU',
    type: 'UGC',
    sector: 'Food',
    platform: 'Meta',
    likes: 0,
    likedByMe: false,
    commentCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    validated: true,
    status: 'approved',
    submittedBy: null,
    submitter: null,
    isJuntoAngel: false,
    testedAndApproved: false,
    analysis: null,
    analysisPreview: [],
    isFeatured: false,
    featuredAt: null,
    analyzedBy: null,
    rating: null,
    rejectionReason: null,
    ...overrides,
  };
}
