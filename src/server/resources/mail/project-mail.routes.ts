import { and, desc, eq, inArray } from 'drizzle-orm';
import { formatPersonName } from '../../../shared/i18n/format';
import type { ProjectEmail, ProjectEmails } from '../../../shared/mail/project-mail';
import { isKnownVariable, variablesIn } from '../../../shared/mail/template-variables';
import type { MailStatus } from '../../../shared/resources/journal-emails.resource';
import { projectDocuments } from '../../../shared/resources/piece-jointe.resource';
import { projects } from '../../../shared/resources/projet.resource';
import { emailTemplates } from '../../../shared/resources/template-email.resource';
import { clock } from '../../clock';
import { emailLog, mailings, users, type MailAttachment } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { MailToQueue } from '../../mail/mail-delivery';
import type { ResourceContext, ResourceRoute } from '../../engine/server-resource';
import { loadSettings, mailSettings } from '../../settings/settings';
import { advanceLastIntervention } from '../projet/project-children';
import {
  fileAttachment,
  projectMailData,
  projectsMailData,
  resolveMail,
  templateSource,
  usedIn,
  type MailSource,
} from './mail-rendering';

const sentStatuses: MailStatus[] = ['sent', 'recorded', 'failed'];
const scheduledStatuses: MailStatus[] = ['scheduled', 'sending'];

/** A free text's variables must exist, as a template's must at its save. */
function refuseUnknownVariables(fields: Record<string, string | undefined>): void {
  for (const [field, text] of Object.entries(fields)) {
    const unknown = variablesIn(text ?? '').find((name) => !isKnownVariable(name));
    if (unknown !== undefined)
      throw new ApiError(
        400,
        'errors.form',
        { [field]: 'mail.errors.unknown_variable' },
        { values: { name: unknown } },
      );
  }
}

/** The project's documents named, as files a mail carries: each must be one of this project's, readable by the actor. */
async function documentAttachments(
  context: ResourceContext,
  project: number,
  ids: number[],
): Promise<MailAttachment[]> {
  const files: MailAttachment[] = [];
  for (const id of ids) {
    const document = await context.store.get(projectDocuments, id, context.actor);
    // A file field holds the upload's path, which ends with the file's name.
    const file = typeof document.file === 'string' ? document.file : null;
    if (Number(document.project) !== project || !file)
      throw new ApiError(400, 'errors.form', { documents: 'mail.errors.document_not_in_project' });
    files.push(fileAttachment(file));
  }
  return files;
}

/** Writes in each project's history that a mail was sent or scheduled, and moves its last intervention date. */
async function recordInProjects(
  context: ResourceContext & { tx: NonNullable<ResourceContext['tx']> },
  mails: { project: number; subject: string }[],
  sendAt: Date | undefined,
) {
  const label = sendAt ? 'mail.history.scheduled' : 'mail.history.sent';
  // A few hundred projects a patch, as the email log's inserts.
  for (let start = 0; start < mails.length; start += 500)
    await context.operations.patch(
      projects,
      mails.slice(start, start + 500).map(({ project, subject }) => ({
        id: project,
        values: {},
        labelled: [{ field: 'email', label, before: null, after: subject }],
      })),
      context,
      { permissionChecked: true },
    );
  if (sendAt) return;
  await advanceLastIntervention(
    context.tx,
    mails.map(({ project }) => project),
    clock.now().toISOString().slice(0, 10),
  );
}

/** A project's mails of these statuses, newest first, as its panels show them. */
async function projectEmails(
  context: ResourceContext,
  project: number,
  statuses: MailStatus[],
): Promise<ProjectEmails> {
  await context.store.get(projects, project, context.actor);
  const rows = await context.db
    .select({
      id: emailLog.id,
      subject: emailLog.subject,
      recipient: emailLog.recipient,
      cc: emailLog.cc,
      bcc: emailLog.bcc,
      sendAt: emailLog.sendAt,
      sentAt: emailLog.sentAt,
      sender: emailLog.sender,
      status: emailLog.status,
      error: emailLog.error,
      html: emailLog.html,
      attachments: emailLog.attachments,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(emailLog)
    .leftJoin(users, eq(users.id, emailLog.createdBy))
    .where(and(eq(emailLog.projectId, project), inArray(emailLog.status, statuses)))
    .orderBy(desc(emailLog.sendAt), desc(emailLog.id));
  const addresses = (text: string) =>
    text
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean);
  const items: ProjectEmail[] = rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    recipients: addresses(row.recipient),
    cc: addresses(row.cc),
    bcc: addresses(row.bcc),
    date: (row.sentAt ?? row.sendAt).toISOString(),
    sender: row.email ? formatPersonName(row) : row.sender,
    status: row.status,
    error: row.error,
    html: row.html,
    attachments: row.attachments.map(({ name }) => name),
  }));
  return { items, total: items.length };
}

/** Changes a scheduled mail of the project that has not left yet; a 409 once it is being sent or gone. */
async function changeScheduled(
  context: ResourceContext,
  project: number,
  email: number,
  change: { status?: 'cancelled'; sendAt?: Date },
) {
  await context.store.get(projects, project, context.actor);
  const [row] = await context.db
    .update(emailLog)
    .set({ ...change, updatedAt: new Date(), updatedBy: context.actor.id })
    .where(and(eq(emailLog.id, email), eq(emailLog.projectId, project), eq(emailLog.status, 'scheduled')))
    .returning({ id: emailLog.id, sendAt: emailLog.sendAt });
  if (!row) {
    const [exists] = await context.db
      .select({ id: emailLog.id })
      .from(emailLog)
      .where(and(eq(emailLog.id, email), eq(emailLog.projectId, project)));
    throw exists ? new ApiError(409, 'mail.errors.already_sent') : new ApiError(404, 'mail.errors.not_found');
  }
  if (change.sendAt) await context.jobs.send('mail-dispatch', {}, { startAfter: change.sendAt });
  return { id: row.id, date: row.sendAt.toISOString() };
}

const sendDate = (envoiLe: string | undefined) => {
  if (envoiLe === undefined) return undefined;
  const date = new Date(envoiLe);
  return date.getTime() > clock.now().getTime() ? date : undefined;
};

/** The projects' routes for mail (spec 2.3): preview, sending, the sent and scheduled mails, the mailing. */
export const projectMailRoutes: ResourceRoute[] = [
  {
    // get-replaced-content: a template resolved on a project, as its recipient would read it.
    name: 'api.projects.replaced_content',
    method: 'POST',
    action: 'show',
    alsoNeeds: [{ resource: emailTemplates.slug, action: 'show' }],
    summary: 'openapi.operations.projects_replaced_content',
    async handle(request, context) {
      const source = await templateSource(context, request.body.template);
      return resolveMail(source, (await projectMailData(context, request.body.projet)).values);
    },
  },
  {
    // envoyer-email/{projet}: a mail from a template or written freely, now or at a date.
    name: 'api.projects.send_email',
    method: 'POST',
    action: 'update',
    summary: 'openapi.operations.projects_send_email',
    async handle(request, context) {
      const { projet } = request.params;
      const body = request.body;
      refuseUnknownVariables({ subject: body.subject, html: body.html });
      const template = body.template === undefined ? null : await templateSource(context, body.template);
      const source: MailSource = {
        subject: body.subject || template?.subject || '',
        html: body.html || template?.html || '',
        signature: body.html ? '' : template?.signature,
      };
      const resolved = resolveMail(source, (await projectMailData(context, projet)).values);
      const attachments = [
        ...(template?.attachments ?? []),
        ...(await documentAttachments(context, projet, body.documents ?? [])),
      ];
      const sendAt = sendDate(body.envoiLe);
      const [id] = await context.db.transaction(async (tx) => {
        const mail: MailToQueue = {
          to: body.to,
          cc: body.cc,
          bcc: body.bcc,
          ...resolved,
          attachments,
          projectId: projet,
          templateId: body.template ?? null,
          sendAt,
          createdBy: context.actor.id,
        };
        const ids = await context.mailer.queue(tx, [mail]);
        await recordInProjects({ ...context, tx }, [{ project: projet, subject: resolved.subject }], sendAt);
        return ids;
      });
      return { email: id! };
    },
  },
  {
    name: 'api.projects.sent_emails',
    method: 'GET',
    action: 'show',
    summary: 'openapi.operations.projects_sent_emails',
    handle: (request, context) => projectEmails(context, request.params.projet, sentStatuses),
  },
  {
    name: 'api.projects.scheduled_emails',
    method: 'GET',
    action: 'show',
    summary: 'openapi.operations.projects_scheduled_emails',
    handle: (request, context) => projectEmails(context, request.params.projet, scheduledStatuses),
  },
  {
    // emails-programmes/{projet}/annuler/{email}: a scheduled mail that will not leave.
    name: 'api.projects.cancel_email',
    method: 'POST',
    action: 'update',
    summary: 'openapi.operations.projects_cancel_email',
    handle: (request, context) =>
      changeScheduled(context, request.params.projet, request.params.email, { status: 'cancelled' }),
  },
  {
    name: 'api.projects.reschedule_email',
    method: 'POST',
    action: 'update',
    summary: 'openapi.operations.projects_reschedule_email',
    handle: (request, context) =>
      changeScheduled(context, request.params.projet, request.params.email, {
        sendAt: sendDate(request.body.envoiLe) ?? clock.now(),
      }),
  },
  {
    // publipostage/envoyer: one mail to each selected project's owner who has an address.
    name: 'api.projects.mailing_send',
    method: 'POST',
    action: 'update',
    alsoNeeds: [{ resource: emailTemplates.slug, action: 'show' }],
    summary: 'openapi.operations.projects_mailing_send',
    async handle(request, context) {
      const { template: templateId, projets, envoiLe } = request.body;
      const { mailingLimit } = await loadSettings(context.db, mailSettings);
      if (projets.length > mailingLimit) throw new ApiError(400, 'mail.errors.too_many_projects');
      const template = await templateSource(context, templateId);
      const uses = usedIn(template);
      const sendAt = sendDate(envoiLe);
      const mails: MailToQueue[] = [];
      for (const [project, { values, recipient: to }] of await projectsMailData(context, projets, uses)) {
        if (to === null) continue;
        mails.push({
          to: [to],
          ...resolveMail(template, values),
          attachments: template.attachments,
          projectId: project,
          templateId,
          sendAt,
          createdBy: context.actor.id,
        });
      }
      const mailing = await context.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(mailings)
          .values({ templateId, sendAt: sendAt ?? clock.now(), recipients: mails.length, createdBy: context.actor.id })
          .returning({ id: mailings.id });
        await context.mailer.queue(
          tx,
          mails.map((mail) => ({ ...mail, mailingId: created!.id })),
        );
        await recordInProjects(
          { ...context, tx },
          mails.map((mail) => ({ project: mail.projectId!, subject: mail.subject })),
          sendAt,
        );
        return created!.id;
      });
      return { publipostage: mailing, recipients: mails.length };
    },
  },
];
