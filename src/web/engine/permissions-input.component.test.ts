import { MantineProvider } from '@mantine/core';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PermissionsInput } from './permissions-input.component';
import '../i18n';

/** The access profile's permissions input, rendered to HTML with these permissions granted. */
const render = (value: string[]) =>
  renderToString(h(MantineProvider, null, h(PermissionsInput, { label: 'Droits', value, onChange: () => undefined })));

describe('the access profile permissions input', () => {
  it('shows spec 3\'s five groups as columns, and "log in as" as its own labelled checkbox', () => {
    const html = render(['utilisateurs.impersonate', 'utilisateurs.other']);
    const headers = [...html.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map(([, text]) => text);
    expect(headers.slice(0, 6)).toEqual(['Ressource', 'Ajouter', 'Consulter', 'Modifier', 'Supprimer', 'Autre']);
    expect(headers).not.toContain('Se connecter en tant que');
    // Its own checkbox, with a visible label, checked by its own permission only.
    const label = /<label[^>]*for="([^"]+)"[^>]*>Se connecter en tant que : Utilisateurs<\/label>/.exec(html);
    expect(label).not.toBeNull();
    expect(html).toMatch(new RegExp(`<input[^>]*id="${label![1]}"[^>]*checked=""`));
    const unchecked = render(['utilisateurs.other']);
    const uncheckedId = /<label[^>]*for="([^"]+)"[^>]*>Se connecter en tant que : Utilisateurs<\/label>/.exec(
      unchecked,
    )![1];
    expect(unchecked).not.toMatch(new RegExp(`<input[^>]*id="${uncheckedId}"[^>]*checked=""`));
  });
});
