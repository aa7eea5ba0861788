import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CreativeGridSkeleton } from './creative-grid-skeleton';
import { EmptyState, ListStates } from './list-states';

afterEach(cleanup);

const props = { isPending: false, isError: false, errorText: 'Impossible de charger. Veuillez réessayer.' };

describe('ListStates', () => {
  it('shows a loading status while pending', () => {
    render(
      <ListStates {...props} isPending isEmpty empty="Vide">
        liste
      </ListStates>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
    expect(screen.queryByText('liste')).not.toBeInTheDocument();
  });

  it('shows the card shapes of a gallery while pending, as one loading status', () => {
    const { container } = render(
      <ListStates {...props} isPending loading={<CreativeGridSkeleton count={4} />}>
        liste
      </ListStates>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
    expect(container.querySelectorAll('[role="status"] .aspect-\\[4\\/5\\]')).toHaveLength(4);
    expect(screen.queryByText('liste')).not.toBeInTheDocument();
  });

  it('shows the error text as an alert', () => {
    render(
      <ListStates {...props} isError>
        liste
      </ListStates>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Impossible de charger. Veuillez réessayer.');
    expect(screen.queryByText('liste')).not.toBeInTheDocument();
  });

  it('shows the empty box when empty, with the Inbox icon unless told otherwise', () => {
    const { container } = render(
      <ListStates {...props} isEmpty empty={<p>Rien ici</p>}>
        liste
      </ListStates>,
    );
    expect(screen.getByText('Rien ici')).toBeInTheDocument();
    expect(container.querySelector('svg.lucide-inbox')).not.toBeNull();
    expect(screen.queryByText('liste')).not.toBeInTheDocument();
  });

  it('renders the children otherwise, and leaves the empty case to them without isEmpty', () => {
    render(<ListStates {...props}>liste</ListStates>);
    expect(screen.getByText('liste')).toBeInTheDocument();
  });
});

describe('EmptyState', () => {
  it('takes another icon, or none', () => {
    const { container } = render(
      <>
        <EmptyState icon={<span data-testid="icon" />}>Aucun résultat</EmptyState>
        <EmptyState icon={null}>Aucune créative</EmptyState>
      </>,
    );
    expect(screen.getByTestId('icon')).toBeInTheDocument();
    expect(screen.getByText('Aucune créative')).toBeInTheDocument();
    expect(container.querySelectorAll('svg')).toHaveLength(0);
  });
});
