import { eq } from 'drizzle-orm';
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod } from 'ical-generator';
import { resolvedCatalog, translate, type Catalog } from '../../../shared/i18n/catalog';
import { formatPersonName } from '../../../shared/i18n/format';
import type { InvitationBody } from '../../../shared/mail/mail-tools';
import { CHARACTERISTIC_PREFIX, templateVariables, variablesIn } from '../../../shared/mail/template-variables';
import { projects } from '../../../shared/resources/projet.resource';
import { emailTemplates } from '../../../shared/resources/template-email.resource';
import { clock } from '../../clock';
import { users } from '../../db/schema';
import {
  CSV_CONTENT_TYPE,
  csvStream,
  XLSX_CONTENT_TYPE,
  xlsxStream,
  type ExportFormat,
} from '../../engine/resource-export';
import type { ResourceContext, ResourceRoute } from '../../engine/server-resource';
import { ApiError } from '../../http/api-error';
import { projectMailData, resolveMail, templateSource } from './mail-rendering';
import { mailingSelection, type MailingSelection } from './mailing-selection';

/** The acting user as a mail's sender: name, address and signature. */
async function sender(context: ResourceContext) {
  const [user] = await context.db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      signature: users.emailSignature,
    })
    .from(users)
    .where(eq(users.id, context.actor.id));
  if (!user) throw new ApiError(404, 'errors.not_found');
  return user;
}

/** A variable's label as the editor shows it (mail.variables; its keys hold dots, so not through translate). */
function variableLabel(context: ResourceContext, name: string): string {
  const labels = (resolvedCatalog(context.locale, 'messages').mail as Catalog).variables as Catalog;
  return typeof labels[name] === 'string' ? labels[name] : name;
}

/**
 * A meeting about a project as an iCalendar request (RFC 5546 REQUEST): the user organises it, the
 * participants are asked to answer; its description names the project by its reference.
 */
async function invitation(context: ResourceContext, body: InvitationBody): Promise<string> {
  const project = await context.store.get(projects, body.projet, context.actor);
  const organizer = await sender(context);
  const start = new Date(body.date);
  const reference = String(project.reference ?? '');
  const calendar = ical({
    method: ICalCalendarMethod.REQUEST,
    prodId: { company: 'renov', product: translate(context.locale, 'app.name'), language: 'FR' },
  });
  calendar.createEvent({
    start,
    end: new Date(start.getTime() + body.duree * 60_000),
    stamp: clock.now(),
    summary: body.objet || translate(context.locale, 'mail.invitation.summary', { reference }),
    description: translate(context.locale, 'mail.invitation.description', {
      reference,
      name: String(project.name ?? ''),
    }),
    location: body.lieu,
    organizer: { name: formatPersonName(organizer), email: organizer.email },
    attendees: body.participants.map((email) => ({
      email,
      rsvp: true,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
    })),
  });
  return calendar.toString();
}

/**
 * A mailing's recipients as a file to merge elsewhere: one row per selected project whose owner has
 * an address (the mailing's recipients, in the selection's order), with its address, the template's
 * subject and every variable resolved for that project, then the characteristics the template uses.
 */
async function mailingRecipientsFile(
  context: ResourceContext,
  { template: templateId, format, ...chosen }: MailingSelection & { template: number; format: ExportFormat },
) {
  const selection = await mailingSelection(context, chosen);
  const template = await templateSource(context, templateId);
  const characteristics = variablesIn(`${template.subject}\n${template.html}\n${template.signature ?? ''}`).filter(
    (name) => name.startsWith(CHARACTERISTIC_PREFIX),
  );
  const variables = [...templateVariables, ...characteristics];
  const names = new Map<string, string>();
  const rows: string[][] = [];
  for (const project of selection) {
    const { values, characteristicNames, recipient } = await projectMailData(context, project);
    for (const [variable, name] of characteristicNames) if (!names.has(variable)) names.set(variable, name);
    if (recipient === null) continue;
    const subject = resolveMail({ subject: template.subject, html: '' }, values).subject;
    rows.push([recipient, subject, ...variables.map((variable) => values.get(variable) ?? '')]);
  }
  const t = (key: string) => translate(context.locale, `mail.export.${key}`);
  const header = [
    t('recipient'),
    t('subject'),
    ...templateVariables.map((variable) => variableLabel(context, variable)),
    ...characteristics.map((variable) => names.get(variable) ?? variable),
  ];
  async function* lines() {
    yield* rows;
  }
  const date = clock.now().toISOString().slice(0, 10);
  context
    .session!.reply.header('content-type', format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="publipostage-${date}.${format}"`)
    .header('x-total-count', String(rows.length));
  return format === 'csv' ? csvStream(header, lines()) : xlsxStream(t('sheet'), header, lines());
}

/**
 * The projects' mail tools (spec 2.3): the user's signature and a meeting invitation for the mail
 * being written, and the mailing's recipients as a file (export-publipostage, and its ajax form).
 */
export const projectMailToolRoutes: ResourceRoute[] = [
  {
    // get-signature: the user's signature (users.emailSignature), its variables resolved on a project when named.
    name: 'api.projects.signature',
    method: 'POST',
    action: 'show',
    summary: 'openapi.operations.projects_signature',
    async handle(request, context) {
      const { signature } = await sender(context);
      const { projet } = request.body;
      if (projet === undefined) return { html: signature };
      return {
        html: resolveMail({ subject: '', html: signature }, (await projectMailData(context, projet)).values).html,
      };
    },
  },
  {
    // get-invitation: an .ics file a mail carries once saved as one of the project's documents.
    name: 'api.projects.invitation',
    method: 'POST',
    action: 'show',
    summary: 'openapi.operations.projects_invitation',
    async handle(request, context) {
      const file = await invitation(context, request.body);
      context
        .session!.reply.header('content-type', 'text/calendar; charset=utf-8; method=REQUEST')
        .header('content-disposition', 'attachment; filename="invitation.ics"');
      return file;
    },
  },
  {
    // export-publipostage?ids=1,2&template=3&format=csv|xlsx
    name: 'api.projects.mailing_export',
    method: 'GET',
    action: 'export',
    alsoNeeds: [{ resource: emailTemplates.slug, action: 'show' }],
    summary: 'openapi.operations.projects_mailing_export',
    handle: (request, context) =>
      mailingRecipientsFile(context, {
        template: request.query.template,
        projets: request.query.ids,
        format: request.query.format,
      }),
  },
  {
    // publipostage/export: the same for the project list's selection, in the mailing's body.
    name: 'api.projects.mailing_export_ajax',
    method: 'POST',
    action: 'export',
    alsoNeeds: [{ resource: emailTemplates.slug, action: 'show' }],
    summary: 'openapi.operations.projects_mailing_export_ajax',
    handle: (request, context) => mailingRecipientsFile(context, request.body),
  },
];
