import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aCreative } from '@/testing/creative';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { CreativeDetailPage } from './creative-detail-page';
import { MediaTextSection } from './media-text-section';

const TEXT = 'Livraison offerte\n-50 % sur la crème\nJ’en profite';

describe('MediaTextSection', () => {
  it('is closed at first: a button says so and the text is hidden', () => {
    renderWithProviders(<MediaTextSection text={TEXT} />);
    const toggle = screen.getByRole('button', { name: 'Texte de la créative' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const region = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(region).not.toBeVisible();
    expect(screen.queryByRole('region', { name: 'Texte de la créative' })).toBeNull();
  });

  it('opens and closes with the keyboard, the lines kept as they were read', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MediaTextSection text={TEXT} />);
    const toggle = screen.getByRole('button', { name: 'Texte de la créative' });
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'Texte de la créative' });
    expect(region).toBeVisible();
    // One paragraph whose line breaks are shown (white-space: pre-line), not joined into one line.
    const paragraph = region.querySelector('p')!;
    expect(paragraph.textContent).toBe(TEXT);
    expect(paragraph).toHaveClass('whitespace-pre-line');
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(region).not.toBeVisible();
  });

  it('shows nothing when no text was read', () => {
    const { container } = renderWithProviders(<MediaTextSection text="  " />);
    expect(container).toBeEmptyDOMElement();
    renderWithProviders(<MediaTextSection text={undefined} />);
    expect(screen.queryByRole('button', { name: 'Texte de la créative' })).toBeNull();
  });

  it('is on the creative page with the text of its detail', async () => {
    const get = vi.fn(() => Promise.resolve(aCreative({ id: 'c1', name: 'Crème solaire', mediaText: TEXT })));
    renderWithProviders(<CreativeDetailPage id="c1" />, { gateway: fakeGateway({ creatives: { get } }) });
    const toggle = await screen.findByRole('button', { name: 'Texte de la créative' });
    await userEvent.setup().click(toggle);
    expect(screen.getByRole('region', { name: 'Texte de la créative' })).toHaveTextContent('Livraison offerte');
  });
});
