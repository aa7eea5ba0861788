import { AnalysisSections } from '@/features/creative/components/analysis-sections';
import { SharedCreativePage } from '@/features/shares/components/shared-creative-page';

/** /partage/:token/:creativeId: a shared creative, its analysis in the creative page's sections. */
export function SharedCreativeRoute() {
  return <SharedCreativePage renderAnalysis={(analysis) => <AnalysisSections analysis={analysis} />} />;
}
