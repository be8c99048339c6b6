import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { isReference } from '../../src/shared/resources/field-kinds';
import { USERS_TARGET } from '../../src/shared/resources/fields';
import { findResource, resources } from '../../src/shared/resources/registry';
import {
  listColumns,
  permissionGroupsOf,
  type ResourcePage,
  type ResourceRecord,
} from '../../src/shared/resources/resource';
import { translate } from '../../src/shared/i18n/catalog';
import { path } from '../../src/shared/routes';
import { createSampleLinks, sampleRow, sampleTarget, sampleValues } from '../support/resource-samples';
import { logInWithProfile } from '../support/test-users';
import { permissionKey, readingGroups } from '../../src/shared/permissions';
import { authHeaders, useAdminApp, type LoggedIn } from '../support/test-app';

const t = useAdminApp();
let consultant: LoggedIn;

beforeAll(async () => {
  // The project the samples of its child resources belong to.
  await createSampleLinks(t.app, t.admin);
  // A profile that consults and exports everything, and writes nothing.
  consultant = await logInWithProfile(t, {
    email: 'conseillere@exemple.fr',
    permissions: resources.flatMap((definition) =>
      permissionGroupsOf(definition)
        .filter((group) => readingGroups.includes(group))
        .map((group) => permissionKey(definition.slug, group)),
    ),
  });
});

// One suite per declared resource: every generic operation, from the declaration alone. Read-only
// resources have no writes: each has its own test (the login history: login-lifecycle.test.ts).
const writable = resources.filter(({ behaviours }) => !behaviours.readOnly);
describe.each(writable.map((definition) => [definition.slug, definition] as const))('%s', (slug, definition) => {
  const collection = path('api.resource.collection', { resource: slug });
  const item = (id: number) => path('api.resource.item', { resource: slug, id });
  const titleField = definition.titleField;

  async function create(n: number, who = t.admin): Promise<ResourceRecord> {
    const response = await t.app.inject({
      method: 'POST',
      url: collection,
      headers: authHeaders(who),
      payload: sampleValues(definition, n),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  async function list(query: Record<string, string> = {}): Promise<ResourcePage> {
    const response = await t.app.inject({ method: 'GET', url: collection, headers: authHeaders(t.admin), query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('creates a record and shows it, with who created it', async () => {
    const created = await create(1);
    expect(created).toMatchObject({ ...sampleValues(definition, 1), createdBy: t.admin.session.user.id });
    const shown = await t.app.inject({ method: 'GET', url: item(created.id), headers: authHeaders(t.admin) });
    expect(shown.json()).toMatchObject(sampleValues(definition, 1));
    expect(shown.json()).not.toHaveProperty('deletedAt');
  });

  it('refuses an invalid record with French field errors and creates nothing', async () => {
    const before = (await list()).total;
    const response = await t.app.inject({
      method: 'POST',
      url: collection,
      headers: authHeaders(t.admin),
      payload: { ...sampleValues(definition, 2), [titleField]: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ [titleField]: 'Ce champ est obligatoire.' });
    expect((await list()).total).toBe(before);
  });

  it('lists with paging, search and sort', async () => {
    for (const n of [3, 4, 5]) await create(n);
    const total = (await list()).total;
    const firstPage = await list({ parPage: '2', page: '1' });
    expect(firstPage.items).toHaveLength(2);
    expect(firstPage.total).toBe(total);
    const lastPage = await list({ parPage: '2', page: String(Math.ceil(total / 2)) });
    expect(lastPage.items.length).toBeGreaterThan(0);

    const title = String(sampleValues(definition, 4)[titleField]);
    const found = await list({
      q: title
        .toUpperCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, ''),
    });
    expect(found.items.map((record) => record[titleField])).toEqual([title]);

    const sortField = definition.behaviours.sortable ? 'position' : titleField;
    const descending = await list({ tri: sortField, ordre: 'desc' });
    // Texts in dictionary order: accents and case ignored, "Élément" before "Profil".
    const sortKey = (value: unknown) =>
      typeof value === 'string'
        ? value
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .toLowerCase()
        : Number(value);
    const values = descending.items.map((record) => sortKey(record[sortField]));
    expect(values).toEqual([...values].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(listColumns(definition).length).toBeGreaterThan(0);
  });

  it('updates a record, recording who changed it', async () => {
    const created = await create(6);
    const changes = { ...sampleValues(definition, 7) };
    const response = await t.app.inject({
      method: 'PUT',
      url: item(created.id),
      headers: authHeaders(t.admin),
      payload: changes,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ...changes, updatedBy: t.admin.session.user.id });
  });

  if (definition.behaviours.clonable) {
    it('clones a record: its values make a new one', async () => {
      const original = await create(8);
      const shown = (
        await t.app.inject({ method: 'GET', url: item(original.id), headers: authHeaders(t.admin) })
      ).json();
      // Read-only fields are the server's own (a project's reference is made anew): not the clone's.
      const values = Object.fromEntries(
        Object.entries(definition.fields)
          .filter(([, def]) => !def.readOnly)
          .map(([name]) => [name, shown[name]]),
      );
      // Renamed, as a person does: some resources refuse two records of the same name.
      values[titleField] = `${String(values[titleField])} (copie)`;
      const clone = await t.app.inject({
        method: 'POST',
        url: collection,
        headers: authHeaders(t.admin),
        payload: values,
      });
      expect(clone.statusCode).toBe(201);
      expect(clone.json().id).not.toBe(original.id);
      expect(clone.json()).toMatchObject(values);
    });
  } else {
    it('offers no clone screen', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: path('admin.resource.clone', { resource: slug, id: 1 }),
      });
      expect(response.statusCode).toBe(404);
    });
  }

  it('deletes a record (PUT or POST), which then is gone from show and list', async () => {
    for (const method of ['POST', 'PUT'] as const) {
      // Two records: a deleted user keeps its email, which another may not take.
      const created = await create(method === 'POST' ? 9 : 90);
      const response = await t.app.inject({
        method,
        url: path('api.resource.delete', { resource: slug, id: created.id }),
        headers: authHeaders(t.admin),
      });
      expect(response.statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: item(created.id), headers: authHeaders(t.admin) })).statusCode,
      ).toBe(404);
      expect((await list()).items.map(({ id }) => id)).not.toContain(created.id);
    }
  });

  it('checks batch actions: an action and items are required, and only the offered actions run', async () => {
    const batch = path('api.resource.batch', { resource: slug });
    const [a, b] = [await create(10), await create(11)];
    const noAction = await t.app.inject({
      method: 'POST',
      url: batch,
      headers: authHeaders(t.admin),
      payload: { ids: [a.id] },
    });
    expect(noAction.statusCode).toBe(400);
    expect(noAction.json().message).toBe('Veuillez sélectionner une action');
    const noItems = await t.app.inject({
      method: 'POST',
      url: batch,
      headers: authHeaders(t.admin),
      payload: { ids: [], _action: 'delete' },
    });
    expect(noItems.json().message).toBe('Veuillez sélectionner des élements à traiter');
    const forged = await t.app.inject({
      method: 'POST',
      url: batch,
      headers: authHeaders(t.admin),
      payload: { ids: [a.id], _action: 'drop-table' },
    });
    expect(forged.statusCode).toBe(400);

    const deleted = await t.app.inject({
      method: 'POST',
      url: batch,
      headers: authHeaders(t.admin),
      payload: { ids: [a.id, b.id], _action: 'delete' },
    });
    expect(deleted.json()).toEqual({ processed: 2 });
    expect((await t.app.inject({ method: 'GET', url: item(b.id), headers: authHeaders(t.admin) })).statusCode).toBe(
      404,
    );
  });

  it('lets a user without rights consult but not write, and a refused write changes nothing', async () => {
    const created = await create(12);
    expect((await t.app.inject({ method: 'GET', url: collection, headers: authHeaders(consultant) })).statusCode).toBe(
      200,
    );
    const writes = [
      { method: 'POST' as const, url: collection, payload: sampleValues(definition, 13) },
      { method: 'PUT' as const, url: item(created.id), payload: sampleValues(definition, 14) },
      { method: 'POST' as const, url: path('api.resource.delete', { resource: slug, id: created.id }) },
      {
        method: 'POST' as const,
        url: path('api.resource.batch', { resource: slug }),
        payload: { ids: [created.id], _action: 'delete' },
      },
    ];
    for (const write of writes) {
      const response = await t.app.inject({ ...write, headers: authHeaders(consultant) });
      expect(response.statusCode, write.url).toBe(403);
      expect(response.json().message).toBe("Vous n'avez pas les droits nécessaires pour cette action.");
    }
    const after = await t.app.inject({ method: 'GET', url: item(created.id), headers: authHeaders(t.admin) });
    expect(after.json()).toMatchObject(sampleValues(definition, 12));
  });

  it('exports the filtered list to CSV (semicolons, BOM, formulas neutralised, separators quoted) and XLSX', async () => {
    const marker = `Export ${slug}`;
    await create(40);
    for (const [n, title] of [
      [41, `=HYPERLINK("x");${marker}`],
      // A spreadsheet set to commas would cut this one in two, the second cell a formula.
      [42, `zz,=1+1 ${marker}`],
    ] as const) {
      const risky = await t.app.inject({
        method: 'POST',
        url: collection,
        headers: authHeaders(t.admin),
        payload: { ...sampleValues(definition, n), [titleField]: title },
      });
      expect(risky.statusCode).toBe(201);
    }
    const exportUrl = (format: string) => path('api.resource.export', { resource: slug, format, q: marker });

    const csv = await t.app.inject({ method: 'GET', url: exportUrl('csv'), headers: authHeaders(consultant) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="${slug}-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
    );
    expect(csv.headers['x-total-count']).toBe('2');
    const [headerLine, ...rows] = csv.body.split('\r\n');
    expect(headerLine?.startsWith('\uFEFF')).toBe(true);
    // The title field's column, under its French label.
    expect(headerLine).toContain(translate('fr', `resources.${slug}.fields.${titleField}`));
    expect(rows).toHaveLength(3);
    expect(rows.join('\n')).toContain(`"'=HYPERLINK(""x"");${marker}"`);
    expect(rows.join('\n')).toContain(`"zz,=1+1 ${marker}"`);
    expect(rows.at(-1)).toBe('');

    const xlsx = await t.app.inject({ method: 'GET', url: exportUrl('xlsx'), headers: authHeaders(t.admin) });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    const titleColumn = Object.keys(definition.fields).indexOf(titleField) + 1;
    const titles = [2, 3].map((row) => sheet.getRow(row).getCell(titleColumn));
    // Text cells, shown as typed, without a visible apostrophe; never formulas.
    expect(titles.map((cell) => cell.value).sort()).toEqual([`=HYPERLINK("x");${marker}`, `zz,=1+1 ${marker}`]);
    expect(titles.map((cell) => cell.type)).toEqual([ExcelJS.ValueType.String, ExcelJS.ValueType.String]);
    expect(titles.find((cell) => String(cell.value).startsWith('='))?.numFmt).toBe('@');

    const unknown = await t.app.inject({
      method: 'GET',
      url: path('api.resource.export', { resource: slug, format: 'pdf' }),
      headers: authHeaders(t.admin),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Ce format d'export n'existe pas.");
  });

  it('answers 401 without a session and 404 for a missing record', async () => {
    expect((await t.app.inject({ method: 'GET', url: collection })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: item(999999), headers: authHeaders(t.admin) })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `${collection}/abc`, headers: authHeaders(t.admin) })).statusCode,
    ).toBe(404);
  });
});

describe.each(resources.filter((definition) => definition.behaviours.sortable).map((d) => [d.slug, d] as const))(
  'sorting %s',
  (slug, definition) => {
    it('saves the dragged order as positions from 0', async () => {
      const collection = path('api.resource.collection', { resource: slug });
      const created: ResourceRecord[] = [];
      for (const n of [20, 21, 22]) {
        created.push(
          (
            await t.app.inject({
              method: 'POST',
              url: collection,
              headers: authHeaders(t.admin),
              payload: sampleValues(definition, n),
            })
          ).json(),
        );
      }
      const existing = (
        await t.app.inject({ method: 'GET', url: collection, headers: authHeaders(t.admin), query: { parPage: '100' } })
      ).json<ResourcePage>();
      const reversed = existing.items.map(({ id }) => id).reverse();
      const response = await t.app.inject({
        method: 'POST',
        url: path('api.resource.reorder', { resource: slug }),
        headers: authHeaders(t.admin),
        payload: { ids: reversed },
      });
      expect(response.statusCode).toBe(204);
      const after = (
        await t.app.inject({
          method: 'GET',
          url: collection,
          headers: authHeaders(t.admin),
          query: { parPage: '100', tri: 'position', ordre: 'asc' },
        })
      ).json<ResourcePage>();
      expect(after.items.map(({ id }) => id)).toEqual(reversed);
      expect(after.items[0]?.position).toBe(0);
    });
  },
);

/**
 * Every reference of a resource clients write to another, as a field or as a collection's sub-field
 * (rows the server alone writes, a ticket's transitions, keep no record from being deleted):
 * [referring resource, field, sub-field or undefined, referred resource].
 */
const references = writable.flatMap((definition) =>
  Object.entries(definition.fields).flatMap(([name, def]) =>
    [[undefined, def] as const, ...Object.entries(def.fields ?? {})]
      // Read-only references are the server's (a project's mission ids): no client points them anywhere.
      .filter(([, sub]) => isReference(sub) && !sub.readOnly && sub.target !== USERS_TARGET)
      // A child deleted with its parent does not keep it (tests/api/resources/tickets-board.test.ts deletes a ticket).
      .filter(
        ([sub]) => !(sub === undefined && definition.parent?.deletedWithParent && definition.parent.field === name),
      )
      .map(([sub, target]) => [definition, name, sub, findResource(target.target)!] as const),
  ),
);

describe.each(
  references.map(
    // Each pair its own sample numbers (n < 1000): records with unique or duplicate-checked values never clash.
    ([from, name, sub, to], index) =>
      [
        `${from.slug}.${[name, sub].filter(Boolean).join('.')} → ${to.slug}`,
        from,
        name,
        sub,
        to,
        100 + 10 * index,
      ] as const,
  ),
)('reference %s', (_label, from, name, sub, to, n) => {
  const def = sub === undefined ? from.fields[name]! : from.fields[name]!.fields![sub]!;
  const pointingAt = (id: number) => (def.kind === 'references' ? [id] : id);
  const post = async (slug: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: slug }),
      headers: authHeaders(t.admin),
      payload,
    });
  /**
   * Sample values of the referring resource, the reference set to this id; in a collection's row,
   * the row's other references name live records too (a link's structure needs its contact type).
   */
  const referring = async (m: number, id: number) => {
    const values = sampleValues(from, m);
    if (sub === undefined) return { ...values, [name]: pointingAt(id) };
    const row = { ...sampleRow(from.fields[name]!.fields!, m), [sub]: pointingAt(id) };
    for (const [other, otherDef] of Object.entries(from.fields[name]!.fields!)) {
      const target = findResource(otherDef.target);
      if (other === sub || !isReference(otherDef) || !target) continue;
      const sibling = (await post(target.slug, sampleValues(target, m))).json<ResourceRecord>();
      row[other] = otherDef.kind === 'references' ? [sibling.id] : sibling.id;
    }
    return { ...values, [name]: [row] };
  };
  const errorKey = sub === undefined ? name : `${name}.0.${sub}`;

  it('refuses a record pointing at nothing, and a delete of a record still pointed at', async () => {
    const dangling = await post(from.slug, await referring(n, 999999));
    expect(dangling.statusCode).toBe(400);
    expect(dangling.json().fieldErrors[errorKey]).toBe("L'élément choisi n'existe pas ou a été supprimé.");

    const target = (await post(to.slug, sampleTarget(to, n + 1, from, name))).json<ResourceRecord>();
    const other = (await post(to.slug, sampleTarget(to, n + 2, from, name))).json<ResourceRecord>();
    const created = await post(from.slug, await referring(n + 3, target.id));
    expect(created.statusCode, created.body).toBe(201);

    const refused = await t.app.inject({
      method: 'POST',
      url: path('api.resource.delete', { resource: to.slug, id: target.id }),
      headers: authHeaders(t.admin),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "L'élément que vous tentez de supprimer est lié à un ou plusieurs autres éléments",
    );
    // A batch holding one linked record deletes none of them.
    const batch = await t.app.inject({
      method: 'POST',
      url: path('api.resource.batch', { resource: to.slug }),
      headers: authHeaders(t.admin),
      payload: { ids: [other.id, target.id], _action: 'delete' },
    });
    expect(batch.statusCode).toBe(409);
    for (const id of [target.id, other.id]) {
      const shown = await t.app.inject({
        method: 'GET',
        url: path('api.resource.item', { resource: to.slug, id }),
        headers: authHeaders(t.admin),
      });
      expect(shown.statusCode).toBe(200);
    }
  });
});
