import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Analytics } from '@domain/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { AnalyticsPage } from './analytics-page';

// The charts are drawn by recharts in a lazy chunk; the page's figures and tables are what is tested here.
vi.mock('./breakdown-chart', () => ({ default: () => <div data-testid="chart" /> }));

function analytics(period: string, creatives: number): Analytics {
  const bucket = (label: string, count: number) => ({ label, count, percent: Math.round((count / creatives) * 1000) / 10 });
  return {
    period,
    totals: { creatives, approved: creatives - 1, pending: 1, rejected: 0, users: 4, likes: 12, comments: 1234 },
    analysedPercent: 41.2,
    topContributors: [
      { userId: 'u1', name: 'Léa Martin', count: 2 },
      { userId: 'unknown', name: 'Unknown User', count: 1 },
    ],
    breakdowns: {
      format: [bucket('Vidéo', 2), bucket('GIF', 1), bucket('Carrousel', 0)],
      objective: [bucket('TOFU', creatives)],
      type: [bucket('UGC', 1)],
      sector: [bucket('Mode', 1)],
      platform: [bucket('Meta', 3)],
    },
  };
}

function setup(route = '/admin/analytics') {
  const get = vi.fn(({ period }: { period: string }) => Promise.resolve(analytics(period, period === 'all' ? 9 : 3)));
  renderWithProviders(<AnalyticsPage />, { gateway: fakeGateway({ analytics: { get } }), route });
  return { get, user: userEvent.setup() };
}

describe('AnalyticsPage', () => {
  it('shows the last 30 days by default, with French figures', async () => {
    const { get } = setup();
    expect(get).toHaveBeenCalledWith({ period: '30' });
    expect(screen.getByRole('button', { name: '30 jours' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('41,2 %')).toBeInTheDocument();
    expect(screen.getByText('Créatives analysées')).toBeInTheDocument();
    expect(screen.getByText('1 234')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Top contributeurs' })).toBeInTheDocument();
    expect(screen.getByText('Unknown User')).toBeInTheDocument();
    for (const title of ['Format', 'Objectif', 'Type', 'Secteur', 'Plateforme']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('table', { name: 'Répartition par format' })).toHaveTextContent('Vidéo266,7 %');
  });

  it('asks the gateway for the chosen period', async () => {
    const { get, user } = setup();
    await screen.findByText('41,2 %');
    await user.click(screen.getByRole('button', { name: 'Tout' }));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith({ period: 'all' }));
    expect(screen.getByRole('button', { name: 'Tout' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getByRole('table', { name: 'Répartition par objectif' })).toHaveTextContent('TOFU9'));
    await user.click(screen.getByRole('button', { name: "Aujourd'hui" }));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith({ period: 'today' }));
  });

  it('reads the period from the URL', () => {
    const { get } = setup('/admin/analytics?period=7');
    expect(get).toHaveBeenCalledWith({ period: '7' });
    expect(screen.getByRole('button', { name: '7 jours' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('falls back to 30 days for an unknown period', () => {
    const { get } = setup('/admin/analytics?period=365');
    expect(get).toHaveBeenCalledWith({ period: '30' });
  });
});
