import { eq } from 'drizzle-orm';
import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import { formatDate, formatDateTime, formatPersonName } from '../../../shared/i18n/format';
import { translate } from '../../../shared/i18n/catalog';
import { CHARACTERISTIC_PREFIX, replaceVariables } from '../../../shared/mail/template-variables';
import type { ResolvedMail } from '../../../shared/mail/project-mail';
import { individuals } from '../../../shared/resources/individus.resource';
import { projects } from '../../../shared/resources/projet.resource';
import { structures } from '../../../shared/resources/structures.resource';
import { emailTemplates } from '../../../shared/resources/template-email.resource';
import type { ResourceRecordView } from '../../../shared/resources/resource';
import { users, type MailAttachment } from '../../db/schema';
import type { ResourceContext } from '../../engine/server-resource';
import { displayValue, projectForms } from '../projet/project-characteristics';
import { upcomingMeetings } from '../projet/project-tickets.routes';

/** What a mail is made of before its variables are resolved: a template's, or one written freely. */
export interface MailSource {
  subject: string;
  html: string;
  signature?: string;
}

const titleOf = (record: ResourceRecordView, field: string): string => {
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

/**
 * Every variable's value for one project, as people read it (dates dd/mm/yyyy, titles, an option's
 * label): the project as the actor may read it (a 404 otherwise), its owner, the actor as the adviser.
 */
export async function projectMailData(context: ResourceContext, projectId: number): Promise<ProjectMailData> {
  const { store, actor, db, locale } = context;
  const project = await store.get(projects, projectId, actor);
  const owner =
    project.ownerIndividual != null
      ? await store.get(individuals, Number(project.ownerIndividual), actor).catch(() => null)
      : null;
  const structure =
    project.ownerStructure != null
      ? await store.get(structures, Number(project.ownerStructure), actor).catch(() => null)
      : null;
  const [adviser] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, actor.id));
  const missionTitles = Object.values(project.titles.missionIds ?? {});
  const [meeting] = await upcomingMeetings(context, projectId).catch(() => []);
  const date = (value: unknown) => (typeof value === 'string' ? formatDate(value) : '');
  const values = new Map<string, string>([
    ['projet.reference', String(project.reference ?? '')],
    ['projet.nom', String(project.name ?? '')],
    ['projet.etat', titleOf(project, 'state')],
    ['projet.thematique', titleOf(project, 'theme')],
    ['projet.mission', missionTitles.join(', ')],
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
    ['date_du_jour', formatDate(new Date().toISOString().slice(0, 10))],
  ]);
  const characteristicNames = new Map<string, string>();
  for (const form of await projectForms(context, projectId))
    for (const field of form.fields) {
      values.set(
        `${CHARACTERISTIC_PREFIX}${field.id}`,
        displayValue(field, form.values[String(field.id)], form.titles[String(field.id)], locale),
      );
      characteristicNames.set(`${CHARACTERISTIC_PREFIX}${field.id}`, field.name);
    }
  const address = [owner?.email, structure?.email].find((email) => typeof email === 'string' && email !== '');
  return { values, characteristicNames, recipient: (address as string | undefined) ?? null };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A mail with its variables replaced: the subject as text, the content and signature as sanitised
 * HTML (the values escaped), and its plain-text alternative. A variable without a value is left empty.
 */
export function resolveMail(source: MailSource, values: Map<string, string>): ResolvedMail {
  const valueOf = (name: string) => values.get(name) ?? '';
  const body = source.signature ? `${source.html}\n<div class="signature">${source.signature}</div>` : source.html;
  const html = sanitizeHtml(
    replaceVariables(body, (name) => escapeHtml(valueOf(name))),
    {
      allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img']),
      allowedAttributes: { ...sanitizeHtml.defaults.allowedAttributes, '*': ['style', 'class'] },
    },
  );
  return {
    subject: replaceVariables(source.subject, valueOf)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    html,
    text: convert(html, { wordwrap: 100, selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }] }),
  };
}
