import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { defaultLocale } from '../../../shared/i18n/catalog';
import { individuals } from '../../../shared/resources/individus.resource';
import { structures } from '../../../shared/resources/structures.resource';
import { loadActor } from '../../auth/actor';
import { rowsOf } from '../../db/database';
import { formatPersonName } from '../../../shared/i18n/format';
import type { ProjectEmail, ProjectEmails } from '../../../shared/mail/project-mail';
import { isKnownVariable, variablesIn } from '../../../shared/mail/template-variables';
import type { MailStatus } from '../../../shared/resources/journal-emails.resource';
import { projectDocuments } from '../../../shared/resources/piece-jointe.resource';
import { projects } from '../../../shared/resources/projet.resource';
import { emailTemplates } from '../../../shared/resources/template-email.resource';
import { clock } from '../../clock';
import { emailLog, mailings, uploads, users, type MailAttachment } from '../../db/schema';
import { isLive } from '../../engine/record-scope';
import { ApiError } from '../../http/api-error';
import type { MailToQueue } from '../../mail/mail-delivery';
import type { ResourceContext, ResourceRoute, ResourceServices } from '../../engine/server-resource';
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
import { mailingSelection } from './mailing-selection';
import { projectRecipients } from './project-recipients';

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

/** Files the actor uploaded (POST /api/televersements), as files a mail carries: each must be their own. */
async function uploadedAttachments(context: ResourceContext, paths: string[]): Promise<MailAttachment[]> {
  if (paths.length === 0) return [];
  const own = await context.db
    .select({ path: uploads.path })
    .from(uploads)
    .where(and(inArray(uploads.path, paths), eq(uploads.ownerId, context.actor.id), isLive(uploads)));
  const found = new Set(own.map(({ path }) => path));
  const missing = paths.findIndex((path) => !found.has(path));
  if (missing >= 0) throw new ApiError(400, 'errors.form', { [`files.${missing}`]: 'mail.errors.file_not_yours' });
  return paths.map(fileAttachment);
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

/**
 * How many of these projects' owners have an address: every project must be one the actor may read
 * (a 404 otherwise, as elsewhere), counted in one query over the read scopes.
 */
async function mailingRecipients({ db, store, actor }: ResourceContext, selected: number[]): Promise<number> {
  const [counted] = await rowsOf<{ visible: number; recipients: number }>(
    db,
    sql`select count(*)::int as visible,
          count(coalesce(nullif(i.email, ''), nullif(s.email, '')))::int as recipients
        from ${store.scoped(projects.slug, actor)} p
        left join ${store.scoped(individuals.slug, actor)} i on i.id = p.owner_individual
        left join ${store.scoped(structures.slug, actor)} s on s.id = p.owner_structure
        where p.id = any(${sql.raw(`array[${selected.map(Number).join(',')}]::integer[]`)})`,
  );
  if (counted!.visible < selected.length) throw new ApiError(404, 'errors.not_found');
  return counted!.recipients;
}

/** Projects a mailing's build resolves and queues in one transaction: its memory stays flat, its first mails leave at once. */
const MAILING_CHUNK = 200;

/**
 * The `mailing-build` job: resolves the template on the mailing's projects and queues a mail to each
 * owner with an address, a chunk per transaction, as the user who sent it (their read scope at this
 * time). Taken up again after its process died, it goes on from the last chunk committed (`built`,
 * moved in each chunk's transaction under a row lock: a chunk is never queued twice).
 */
export async function buildMailing(
  services: ResourceServices,
  mailingId: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const [mailing] = await services.db.select().from(mailings).where(eq(mailings.id, mailingId));
  if (!mailing || mailing.templateId === null || mailing.createdBy === null) return;
  const context: ResourceContext = {
    ...services,
    actor: await loadActor(services.db, mailing.createdBy),
    locale: defaultLocale,
    log,
  };
  const template = await templateSource(context, mailing.templateId);
  const uses = usedIn(template);
  const sendAt = mailing.sendAt.getTime() > clock.now().getTime() ? mailing.sendAt : undefined;
  for (let start = mailing.built; start < mailing.projectIds.length; start += MAILING_CHUNK) {
    const chunk = mailing.projectIds.slice(start, start + MAILING_CHUNK);
    // Projects deleted or hidden since the mailing was sent are left out.
    const data = await projectsMailData(context, chunk, uses, { skipHidden: true });
    const mails: MailToQueue[] = [...data].flatMap(([project, { values, recipient }]) =>
      recipient === null
        ? []
        : [
            {
              to: [recipient],
              ...resolveMail(template, values),
              attachments: template.attachments,
              projectId: project,
              mailingId,
              templateId: mailing.templateId,
              sendAt,
              createdBy: mailing.createdBy,
            },
          ],
    );
    const done = await services.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(mailings)
        .set({ built: start + chunk.length, updatedAt: new Date() })
        .where(and(eq(mailings.id, mailingId), eq(mailings.built, start)))
        .returning({ id: mailings.id });
      if (!claimed) return false;
      await context.mailer.queue(tx, mails);
      if (mails.length > 0)
        await recordInProjects(
          { ...context, tx },
          mails.map((mail) => ({ project: mail.projectId!, subject: mail.subject })),
          sendAt,
        );
      return true;
    });
    // Another run of this job went further meanwhile: it has the rest.
    if (!done) return;
  }
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
        ...(await uploadedAttachments(context, body.files ?? [])),
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
    // destinataires-email/{projet}: whom the send form offers, in one request.
    name: 'api.projects.mail_recipients',
    method: 'GET',
    action: 'show',
    summary: 'openapi.operations.projects_mail_recipients',
    handle: async (request, context) => ({ items: await projectRecipients(context, request.params.projet) }),
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
    // publipostage/envoyer: one mail to each selected project's owner who has an address (the ticked
    // projects, or those the list's criteria find), built by a job.
    name: 'api.projects.mailing_send',
    method: 'POST',
    action: 'update',
    alsoNeeds: [{ resource: emailTemplates.slug, action: 'show' }],
    summary: 'openapi.operations.projects_mailing_send',
    async handle(request, context) {
      const { template, envoiLe, ...chosen } = request.body;
      const selected = await mailingSelection(context, chosen);
      await templateSource(context, template);
      const recipients = await mailingRecipients(context, selected);
      const mailing = await context.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(mailings)
          .values({
            templateId: template,
            sendAt: sendDate(envoiLe) ?? clock.now(),
            recipients,
            projectIds: selected,
            createdBy: context.actor.id,
          })
          .returning({ id: mailings.id });
        await context.jobs.send('mailing-build', { mailing: created!.id }, { tx });
        return created!.id;
      });
      return { publipostage: mailing, recipients };
    },
  },
];
