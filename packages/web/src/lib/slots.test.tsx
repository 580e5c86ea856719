import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { SlotsProvider, useSlot, withSlots } from './slots.tsx';

function Page() {
  const Summary = useSlot('guaranteeSummary');
  const Badges = useSlot('homeBadges');
  return (
    <main>
      <h1>Accueil</h1>
      <Summary />
      <Badges />
    </main>
  );
}

describe('slots: a page shows another feature’s part without importing it', () => {
  it('shows nothing in an empty slot, and what the route put in a filled one', () => {
    renderPage(<Page />);
    expect(screen.getByRole('main').textContent).toBe('Accueil');
  });

  it('fills the slots a route gives, nested providers adding to their parent’s', () => {
    const Filled = withSlots(Page, { guaranteeSummary: () => <p>2 appareils encore sous garantie</p> });
    renderPage(
      <SlotsProvider slots={{ homeBadges: () => <p>Mes badges</p> }}>
        <Filled />
      </SlotsProvider>,
    );
    expect(screen.getByText('2 appareils encore sous garantie')).toBeTruthy();
    expect(screen.getByText('Mes badges')).toBeTruthy();
  });
});
