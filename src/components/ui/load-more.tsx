import { Button } from './button';

export interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
}

/** 'Charger plus' under a paginated list (the gallery's look), 'Chargement…' while the next page comes; nothing at the end. */
export function LoadMore({ hasNextPage, isFetchingNextPage, onLoadMore }: LoadMoreProps) {
  if (!hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" size="lg" onClick={onLoadMore} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? 'Chargement…' : 'Charger plus'}
      </Button>
    </div>
  );
}
