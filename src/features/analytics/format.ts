const percentFormat = new Intl.NumberFormat('fr-FR', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 66.7 → '66,7 %' (French: decimal comma, narrow no-break space before the sign). */
export function formatPercent(value: number): string {
  return percentFormat.format(value / 100);
}
