import type { Page } from 'playwright-core';
import type { SessionPayload } from '../../src/shared/account/account.schema';
import type { ResourceRecord } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';

/** Creates records through the API with the page's own session, as a second browser tab would. */
export async function createRecords(
  page: Page,
  resource: string,
  records: Record<string, unknown>[],
): Promise<ResourceRecord[]> {
  const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
  const created: ResourceRecord[] = [];
  for (const data of records) {
    const response = await page.request.post(path('api.resource.collection', { resource }), {
      data,
      headers: { 'x-csrf-token': session.csrfToken },
    });
    if (response.status() !== 201) throw new Error(`${resource}: ${response.status()} ${await response.text()}`);
    created.push((await response.json()) as ResourceRecord);
  }
  return created;
}
