import { describe, expect, it } from 'vitest';
import { applyFeaturing, featuredFields, reviewedFields, UNFEATURED } from './featuring';

describe('reviewedFields', () => {
  it('approving validates the creative and clears any rejection reason', () => {
    expect(reviewedFields('approve')).toEqual({ status: 'approved', validated: true, rejectionReason: null });
    expect(reviewedFields('approve', 'Visuel flou')).toEqual({ status: 'approved', validated: true, rejectionReason: null });
  });

  it('rejecting keeps the reason and leaves the creative unvalidated', () => {
    expect(reviewedFields('reject', 'Visuel flou')).toEqual({ status: 'rejected', validated: false, rejectionReason: 'Visuel flou' });
    expect(reviewedFields('reject')).toEqual({ status: 'rejected', validated: false, rejectionReason: null });
  });
});

describe('featuredFields', () => {
  it('sets the analyst, the rating and the date', () => {
    const now = new Date('2025-03-01T10:00:00.000Z');
    expect(featuredFields({ analyzedBy: 'Léa', rating: 4 }, now)).toEqual({
      isFeatured: true,
      featuredAt: now,
      analyzedBy: 'Léa',
      rating: 4,
    });
  });

  it('applyFeaturing leaves exactly one featured creative', () => {
    const now = new Date('2025-03-01T10:00:00.000Z');
    const before = [
      { id: 'a', ...featuredFields({ analyzedBy: 'Tom', rating: 3 }, now) },
      { id: 'b', ...UNFEATURED },
    ];
    const after = applyFeaturing(before, 'b', { analyzedBy: 'Léa', rating: 5 }, now);
    expect(after).toEqual([
      { id: 'a', ...UNFEATURED },
      { id: 'b', isFeatured: true, featuredAt: now, analyzedBy: 'Léa', rating: 5 },
    ]);
  });
});
