import { describe, expect, it } from 'vitest';
import { currentMenuHref, menuEntries } from './menu';

const hrefs = menuEntries.map(({ href }) => href);

describe('side menu', () => {
  it('leaves out the technical child lists, reached from their parents', () => {
    for (const slug of [
      'tickets-commentaires',
      'tickets-documents',
      'tickets-sous-taches',
      'tickets-temps',
      'tickets-transitions',
      'coporteurs-projet',
      'partenaires-projet',
    ]) {
      expect(hrefs, slug).not.toContain(`/admin/${slug}`);
    }
    expect(hrefs).toEqual(
      expect.arrayContaining(['/admin/projet', '/admin/tickets', '/admin/commentaires-projet', '/admin/piece-jointe']),
    );
  });

  it('marks one entry current: the page itself, else the deepest entry it lies under', () => {
    expect(currentMenuHref('/admin/tickets/kanban-global', hrefs)).toBe('/admin/tickets/kanban-global');
    expect(currentMenuHref('/admin/tickets', hrefs)).toBe('/admin/tickets');
    expect(currentMenuHref('/admin/tickets/kanban/12', hrefs)).toBe('/admin/tickets');
    expect(currentMenuHref('/admin/commentaires-projet/export-sare', hrefs)).toBe(
      '/admin/commentaires-projet/export-sare',
    );
    expect(currentMenuHref('/admin/commentaires-projet/voir/3', hrefs)).toBe('/admin/commentaires-projet');
    expect(currentMenuHref('/admin/projet/voir-ou-editer/7', hrefs)).toBe('/admin/projet');
    expect(currentMenuHref('/admin/', hrefs)).toBe('/admin');
    expect(currentMenuHref('/admin', hrefs)).toBe('/admin');
    // A list out of the menu: no entry at all, rather than its parent's or the dashboard.
    expect(currentMenuHref('/admin/tickets-sous-taches', hrefs)).toBeUndefined();
  });
});
