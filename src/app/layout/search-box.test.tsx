import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Suggestion } from '@domain/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { SearchBox } from './search-box';

const SUGGESTIONS: Suggestion[] = [
  { kind: 'advertiser', label: 'Maison Crozet' },
  { kind: 'tag', label: 'Beauté', category: 'sector' },
  { kind: 'creative', label: 'Croquettes premium', id: 'c1' },
];

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function setup(route = '/') {
  const suggest = vi.fn(async (q: string) => (q ? SUGGESTIONS : []));
  renderWithProviders(
    <>
      <SearchBox />
      <Where />
    </>,
    { gateway: fakeGateway({ creatives: { suggest } }), route },
  );
  return { suggest, input: screen.getByRole('searchbox', { name: 'Rechercher une créa' }), user: userEvent.setup() };
}

/** The current path and query, values decoded. */
const where = () => {
  const [path, search = ''] = (screen.getByTestId('where').textContent ?? '').split('?');
  const query = [...new URLSearchParams(search)].map(([k, v]) => `${k}=${v}`).join('&');
  return query ? `${path}?${query}` : path;
};

describe('search box suggestions', () => {
  it('lists suggestions in groups as a listbox the input controls', async () => {
    const { input, user, suggest } = setup();
    await user.type(input, 'cro');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-controls', list.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Maison Crozet', 'BeautéSecteur', 'Croquettes premium']);
    expect(screen.getByRole('group', { name: 'Annonceurs' })).toBeInTheDocument();
    expect(suggest).toHaveBeenLastCalledWith('cro');
  });

  it('moves the active option with ↓ and ↑ and picks it with Enter: an advertiser becomes the search', async () => {
    const { input, user } = setup();
    await user.type(input, 'cro');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const [first] = screen.getAllByRole('option');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', first!.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(where()).toBe('/?q=Maison Crozet'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('Maison Crozet');
  });

  it('adds a tag as a filter of the gallery and clears the typed text', async () => {
    const { input, user } = setup('/?sort=likes&sector=Mode');
    await user.type(input, 'beau');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(where()).toBe('/?sort=likes&sector=Mode&sector=Beauté'));
    expect(input).toHaveValue('');
  });

  it("never shows another word's list while the new word's loads", async () => {
    const suggest = vi.fn(async (q: string) => (q.startsWith('cro') ? SUGGESTIONS : new Promise<Suggestion[]>(() => undefined)));
    renderWithProviders(<SearchBox />, { gateway: fakeGateway({ creatives: { suggest } }) });
    const input = screen.getByRole('searchbox', { name: 'Rechercher une créa' });
    const user = userEvent.setup();
    await user.type(input, 'cro');
    await screen.findByRole('listbox');
    await user.clear(input);
    await user.type(input, 'zeph');
    // 'zeph' is asked for (and never answers here): the list of 'cro' must not stand for it.
    await waitFor(() => expect(suggest).toHaveBeenLastCalledWith('zeph'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('opens a creative (↑ from nowhere goes to the last option)', async () => {
    const { input, user } = setup();
    await user.type(input, 'cro');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(where()).toBe('/creatives/c1'));
  });

  it('searches the typed text on Enter with no active option, and closes the list on Esc without clearing it', async () => {
    const { input, user } = setup();
    await user.type(input, 'cro');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('cro');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(where()).toBe('/?q=cro'));
  });

  it('picks with a click', async () => {
    const { input, user } = setup();
    await user.type(input, 'cro');
    await user.click(await screen.findByRole('option', { name: /Croquettes premium/ }));
    await waitFor(() => expect(where()).toBe('/creatives/c1'));
  });
});
