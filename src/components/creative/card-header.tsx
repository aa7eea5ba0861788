import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { Link } from 'react-router';
import type { Creative } from '@domain/types';
import { paths } from '@/config/paths';
import { creativeLinkState, type CreativeListRef } from '@/lib/creative-list';

const titleVariants = cva('text-slate-900', {
  variants: {
    size: {
      md: 'text-base font-semibold leading-snug',
      lg: 'text-xl font-bold sm:text-2xl',
    },
  },
  defaultVariants: { size: 'md' },
});

const advertiserVariants = cva('text-slate-600', {
  variants: { size: { md: 'text-sm', lg: '' } },
  defaultVariants: { size: 'md' },
});

/**
 * The top of a creative's card: its name (a heading linking to its page) and its advertiser, then
 * `children` (e.g. who submitted it and when); `href`: where the name leads (default: the creative's page). `size="lg"` for the home page's highlights; `list`: the
 * list the card is in, for the detail page's previous / next.
 */
export function CreativeCardHeader({
  creative,
  size,
  list,
  href = paths.creative(creative.id),
  children,
}: { creative: Creative; list?: CreativeListRef; href?: string; children?: React.ReactNode } & VariantProps<typeof titleVariants>) {
  return (
    <div className="flex flex-col gap-0.5">
      <h3 className={titleVariants({ size })}>
        <Link to={href} state={creativeLinkState(list)} className="hover:text-brand-700">
          {creative.name}
        </Link>
      </h3>
      <p className={advertiserVariants({ size })}>{creative.advertiser}</p>
      {children}
    </div>
  );
}
