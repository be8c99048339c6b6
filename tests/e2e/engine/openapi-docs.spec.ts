import { describe, expect, it } from 'vitest';
import { translate } from '../../../src/shared/i18n/catalog';
import { resources } from '../../../src/shared/resources/registry';
import { path } from '../../../src/shared/routes';
import { useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

describe('API documentation page', () => {
  it('renders the document under the CSP, a resource under its French label', async () => {
    const context = await started.browser.newContext({ baseURL: started.server.baseUrl });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    const response = await page.goto(path('api.docs'));
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe("Documentation de l'API – Rénov'Conseil");
    const label = translate('fr', `resources.${resources[0]!.slug}.label`);
    // Swagger UI names each tag in a heading, by a link that opens its operations (all closed at first).
    const heading = page
      .getByRole('heading', { level: 3, name: label })
      .getByRole('link', { name: label, exact: true });
    await heading.waitFor();
    // Checked once the document is drawn: its headings are there, no operation yet.
    const operations = page.getByText(translate('fr', 'openapi.operations.create'));
    expect(await operations.count()).toBe(0);
    await heading.click();
    await operations.first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
