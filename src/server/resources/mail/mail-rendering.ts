import { eq } from 'drizzle-orm';
import { compile } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import { formatDate, formatDateTime, formatPersonName } from '../../../shared/i18n/format';
import { translate } from '../../../shared/i18n/catalog';
import { CHARACTERISTIC_PREFIX, replaceVariables, variablesIn } from '../../../shared/mail/template-variables';
import type { ResolvedMail } from '../../../shared/mail/project-mail';
import { individuals } from '../../../shared/resources/individus.resource';
import { projects } from '../../../shared/resources/projet.resource';
import { structures } from '../../../shared/resources/structures.resource';
import { emailTemplates } from '../../../shared/resources/template-email.resource';
import type { ResourceDefinition, ResourceRecord, ResourceRecordView } from '../../../shared/resources/resource';
import { missions } from '../../../shared/resources/missions.resource';
import { clock } from '../../clock';
import { users, type MailAttachment } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { ResourceContext } from '../../engine/server-resource';
import { displayValue, projectForms } from '../projet/project-characteristics';
import { upcomingMeetings } from '../projet/project-tickets.routes';

/** What a mail is made of before its variables are resolved: a template's, or one written freely. */
export interface MailSource {
  subject: string;
  html: string;
  signature?: string;
}

const titleOf = (record: TitledRecord, field: string): string => {
  const id = record[field];
  return id == null ? '' : (record.titles[field]?.[String(id)] ?? '');
};

/** A file field's value (the upload's path, which ends with the file's name) as a file a mail carries. */
export const fileAttachment = (path: string): MailAttachment => ({ path, name: path.slice(path.lastIndexOf('/') + 1) });

/** A template as the actor may read it (a 404 otherwise): its subject, content and signature. */
export async function templateSource(
  context: ResourceContext,
  id: number,
): Promise<MailSource & { attachments: MailAttachment[] }> {
  const template = await context.store.get(emailTemplates, id, context.actor);
  const files = (template.attachments as { file?: string | null }[] | null) ?? [];
  return {
    subject: String(template.subject),
    html: String(template.content),
    signature: typeof template.signature === 'string' ? template.signature : '',
    attachments: files.flatMap(({ file }) => (file ? [fileAttachment(file)] : [])),
  };
}

/** What a mail needs of a project: every variable's value, and its owner's address (a mailing's recipient). */
export interface ProjectMailData {
  values: Map<string, string>;
  /** The name of each characteristic variable's form field, by variable (a column's header). */
  characteristicNames: Map<string, string>;
  /** The individual owner's address, else the structure's; null without one. */
  recipient: string | null;
}

/** How many projects, and their owners, one read takes. */
const CHUNK = 200;

type TitledRecord = ResourceRecord & Pick<ResourceRecordView, 'titles'>;

/** These records as the actor may read them, by id, with their references' titles (those hidden or missing are absent). */
async function readable(context: ResourceContext, definition: ResourceDefinition, ids: number[]) {
  const records = new Map<number, TitledRecord>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += CHUNK) {
    const chunk = unique.slice(start, start + CHUNK);
    const page = await context.store.list(
      definition,
      { page: 1, pageSize: chunk.length, sort: 'id', direction: 'asc', search: '', filters: {}, ids: chunk },
      context.actor,
    );
    for (const record of page.items) records.set(record.id, { ...record, titles: page.titles });
  }
  return records;
}

/**
 * Every variable's value for these projects, as people read them (dates dd/mm/yyyy, titles, an
 * option's label), and each owner's address: the projects as the actor may read them (a 404 if one is
 * hidden or missing), their owners, the actor as the adviser, read a few hundred at a time. `uses`: the
 * variables the mail holds, when known: the next meeting and the characteristics, which cost queries
 * per project, are read only if used. `skipHidden`: leave out a hidden or missing project instead.
 */
export async function projectsMailData(
  context: ResourceContext,
  projectIds: number[],
  uses: (name: string) => boolean = () => true,
  { skipHidden = false } = {},
): Promise<Map<number, ProjectMailData>> {
  const { actor, db, locale } = context;
  const found = await readable(context, projects, projectIds);
  if (!skipHidden && projectIds.some((id) => !found.has(id))) throw new ApiError(404, 'errors.not_found');
  const referenced = (field: string) =>
    [...found.values()].flatMap((project) => (project[field] == null ? [] : [Number(project[field])]));
  const [owners, ownerStructures, missionRecords] = await Promise.all([
    readable(context, individuals, referenced('ownerIndividual')),
    readable(context, structures, referenced('ownerStructure')),
    readable(
      context,
      missions,
      [...found.values()].flatMap((project) => (project.missionIds as number[] | null) ?? []),
    ),
  ]);
  const [adviser] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, actor.id));
  const today = formatDate(clock.now().toISOString().slice(0, 10));
  const date = (value: unknown) => (typeof value === 'string' ? formatDate(value) : '');
  const data = new Map<number, ProjectMailData>();
  for (const project of found.values()) {
    const owner = project.ownerIndividual == null ? undefined : owners.get(Number(project.ownerIndividual));
    const structure = project.ownerStructure == null ? undefined : ownerStructures.get(Number(project.ownerStructure));
    const [meeting] = uses('projet.prochain_rendez_vous')
      ? await upcomingMeetings(context, project.id).catch(() => [])
      : [];
    const values = new Map<string, string>([
      ['projet.reference', String(project.reference ?? '')],
      ['projet.nom', String(project.name ?? '')],
      ['projet.etat', titleOf(project, 'state')],
      ['projet.thematique', titleOf(project, 'theme')],
      [
        'projet.mission',
        ((project.missionIds as number[] | null) ?? [])
          .map((id) => String(missionRecords.get(id)?.name ?? ''))
          .join(', '),
      ],
      ['projet.date_creation', date(project.creationDate)],
      ['projet.date_derniere_intervention', date(project.lastInterventionDate)],
      ['projet.prochain_rendez_vous', meeting ? formatDateTime(meeting.at) : ''],
      [
        'porteur.civilite',
        typeof owner?.civility === 'string'
          ? translate(locale, `resources.individus.choices.civility.${owner.civility}`)
          : '',
      ],
      ['porteur.prenom', String(owner?.firstName ?? '')],
      ['porteur.nom', String(owner?.lastName ?? '')],
      ['porteur.adresse', String((owner ?? structure)?.address ?? '')],
      ['porteur.code_postal', String((owner ?? structure)?.postalCode ?? '')],
      ['porteur.commune', owner ? titleOf(owner, 'commune') : structure ? titleOf(structure, 'commune') : ''],
      ['porteur.structure', structure ? String(structure.name ?? '') : titleOf(project, 'ownerStructure')],
      ['conseiller.nom', adviser ? formatPersonName(adviser) : ''],
      ['conseiller.email', adviser?.email ?? ''],
      ['date_du_jour', today],
    ]);
    const characteristics = uses(CHARACTERISTIC_PREFIX) ? await projectForms(context, project.id) : [];
    const characteristicNames = new Map<string, string>();
    for (const form of characteristics)
      for (const field of form.fields) {
        values.set(
          `${CHARACTERISTIC_PREFIX}${field.id}`,
          displayValue(field, form.values[String(field.id)], form.titles[String(field.id)], locale),
        );
        characteristicNames.set(`${CHARACTERISTIC_PREFIX}${field.id}`, field.name);
      }
    const address = [owner?.email, structure?.email].find((email) => typeof email === 'string' && email !== '');
    data.set(project.id, { values, characteristicNames, recipient: (address as string | undefined) ?? null });
  }
  return data;
}

/** One project's mail data (see projectsMailData). */
export async function projectMailData(
  context: ResourceContext,
  projectId: number,
  uses?: (name: string) => boolean,
): Promise<ProjectMailData> {
  return (await projectsMailData(context, [projectId], uses)).get(projectId)!;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Whether a mail's texts use a variable; `caracteristique.` asks for any characteristic. */
export function usedIn(source: MailSource): (name: string) => boolean {
  const names = variablesIn(`${source.subject} ${source.html} ${source.signature ?? ''}`);
  return (name) => names.some((used) => used === name || (name.endsWith('.') && used.startsWith(name)));
}

/**
 * The plain-text alternative's converter, its options compiled once: converting with options compiles
 * them again for each call, a mailing's thousands of mails included.
 */
const toText = compile({ wordwrap: 100, selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }] });
const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img']),
  allowedAttributes: { ...sanitizeHtml.defaults.allowedAttributes, '*': ['style', 'class'] },
};

export function resolveMail(source: MailSource, values: Map<string, string>): ResolvedMail {
  const valueOf = (name: string) => values.get(name) ?? '';
  const body = source.signature ? `${source.html}\n<div class="signature">${source.signature}</div>` : source.html;
  const html = sanitizeHtml(
    replaceVariables(body, (name) => escapeHtml(valueOf(name))),
    sanitizeOptions,
  );
  return {
    subject: replaceVariables(source.subject, valueOf)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    html,
    text: toText(html),
  };
}
