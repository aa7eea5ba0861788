import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { Link } from 'react-router';
import type { Creative } from '@domain/types';
import { paths } from '@/config/paths';

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
 * `children` (e.g. who submitted it and when). `size="lg"` for the home page's highlights.
 */
export function CreativeCardHeader({
  creative,
  size,
  children,
}: { creative: Creative; children?: React.ReactNode } & VariantProps<typeof titleVariants>) {
  return (
    <div className="flex flex-col gap-0.5">
      <h3 className={titleVariants({ size })}>
        <Link to={paths.creative(creative.id)} className="hover:text-brand-700">
          {creative.name}
        </Link>
      </h3>
      <p className={advertiserVariants({ size })}>{creative.advertiser}</p>
      {children}
    </div>
  );
}
