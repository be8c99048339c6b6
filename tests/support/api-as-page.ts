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

/** Records already there (built in, or made earlier), by their name, in the order asked. */
export async function recordsNamed(page: Page, resource: string, names: string[]): Promise<ResourceRecord[]> {
  const response = await page.request.get(path('api.resource.collection', { resource, parPage: 100 }));
  if (response.status() !== 200) throw new Error(`${resource}: ${response.status()} ${await response.text()}`);
  const { items } = (await response.json()) as { items: ResourceRecord[] };
  return names.map((name) => {
    const found = items.find((item) => item.name === name);
    if (!found) throw new Error(`${resource}: none named ${name}`);
    return found;
  });
}

/**
 * A user with one access profile granting these "<resource>.<group>" permissions, and a service
 * unless told otherwise, created through the API as the page's administrator.
 */
export async function createUserWithProfile(
  page: Page,
  { email, permissions, withService = true }: { email: string; permissions: string[]; withService?: boolean },
): Promise<number> {
  const [profile] = await createRecords(page, 'groupes', [{ name: `Profil de ${email}`, permissions }]);
  const [service] = withService ? await createRecords(page, 'service', [{ name: `Service de ${email}` }]) : [];
  const [user] = await createRecords(page, 'utilisateurs', [
    {
      email,
      firstName: 'Test',
      lastName: email.split('@')[0]!,
      groupIds: [profile!.id],
      serviceId: service?.id ?? null,
    },
  ]);
  return user!.id;
}

/** The page's administrator logs in as this user ("Se connecter en tant que"): the page then acts as them. */
export async function logInAs(page: Page, userId: number): Promise<void> {
  const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
  const response = await page.request.post(path('api.users.impersonate', { id: userId }), {
    headers: { 'x-csrf-token': session.csrfToken },
  });
  if (response.status() !== 200) throw new Error(`log in as ${userId}: ${response.status()} ${await response.text()}`);
}
