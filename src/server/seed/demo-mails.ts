import { eq, sql } from 'drizzle-orm';
import { translate } from '../../shared/i18n/catalog';
import { rowsOf, type Database } from '../db/database';
import { emailLog, individualsTable, projectsTable, users, type MailAttachment } from '../db/schema';
import { liveRows } from '../engine/record-scope';
import { demoDocumentFiles } from './demo-project-documents';
import { demoProjects } from './demo-projects';

interface DemoMail {
  /** The demo project (its index in demoProjects) the mail was written from, to its owner. */
  project: number;
  /** The adviser who wrote it (a demo colleague's address). */
  by: string;
  /** Days from the seed's day: past for a sent mail, ahead for a scheduled one. */
  days: number;
  subject: (project: DemoProjectRow) => string;
  paragraphs: (project: DemoProjectRow) => string[];
  attachments?: MailAttachment[];
}

interface DemoProjectRow {
  id: number;
  reference: string;
  name: string;
  civility: string | null;
  lastName: string;
  email: string;
}

const greeting = ({ civility, lastName }: DemoProjectRow) =>
  `Bonjour ${civility ? translate('fr', `resources.individus.choices.civility.${civility}`) : ''} ${lastName},`.replace(
    /\s+/g,
    ' ',
  );

const bernard = 'julien.bernard@exemple.fr';
const lefebvre = 'sophie.lefebvre@exemple.fr';

/** What "Mails envoyés" and "Mails programmés" show on the first demo projects: sent and scheduled mails to their owners. */
const demoMails: DemoMail[] = [
  {
    project: 0,
    by: bernard,
    days: -12,
    subject: () => 'Invitation : réunion d’information sur la rénovation énergétique',
    paragraphs: (project) => [
      greeting(project),
      'Votre commune organise une réunion d’information sur les aides à la rénovation énergétique, le jeudi 18 h en mairie.',
      'Pour vous inscrire, répondez simplement à ce message.',
    ],
  },
  {
    project: 1,
    by: lefebvre,
    days: -5,
    subject: () => 'Compte rendu de la visite de votre logement',
    paragraphs: (project) => [
      greeting(project),
      `Vous trouverez ci-joint le rapport d’audit de votre logement, pour votre projet ${project.reference}.`,
      'N’hésitez pas à revenir vers nous pour toute question.',
    ],
    attachments: [{ path: demoDocumentFiles.audit, name: 'Rapport d’audit énergétique.pdf' }],
  },
  {
    project: 2,
    by: bernard,
    days: -2,
    subject: () => 'Où en est votre projet de rénovation ?',
    paragraphs: (project) => [
      greeting(project),
      `Où en est votre projet « ${project.name} » ? Avez-vous reçu les devis des entreprises ?`,
    ],
  },
  {
    project: 0,
    by: bernard,
    days: 3,
    subject: (project) => `Rappel de votre rendez-vous – projet ${project.reference}`,
    paragraphs: (project) => [
      greeting(project),
      'Nous vous rappelons votre rendez-vous de la semaine prochaine à l’espace conseil.',
      'Pensez à apporter vos dernières factures d’énergie.',
    ],
  },
  {
    project: 4,
    by: bernard,
    days: 7,
    subject: () => 'Où en est votre projet de rénovation ?',
    paragraphs: (project) => [
      greeting(project),
      `Nous nous étions rencontrés au sujet de votre projet « ${project.name} ». Où en êtes-vous ?`,
    ],
  },
];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A few mails of the email log on the first demo projects, written in SQL like the log itself (it is
 * no engine resource): sent ones some days ago, scheduled ones ahead (the delivery sends them when
 * due, or only records them without SMTP_URL), each to its project's owner.
 */
export async function seedDemoMails(tx: Database, sender: string): Promise<void> {
  const names = [...new Set(demoMails.map(({ project }) => String(demoProjects[project]!.name)))];
  const projects = await rowsOf<DemoProjectRow>(
    tx,
    sql`select p.id, p.reference, p.name, i.civility, i.last_name as "lastName", i.email
        from ${liveRows(projectsTable)} p join ${liveRows(individualsTable)} i on i.id = p.owner_individual
        where p.name in ${names}`,
  );
  const byName = new Map(projects.map((project) => [project.name, project]));
  const advisers = new Map<string, number>();
  for (const email of new Set(demoMails.map(({ by }) => by))) {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    advisers.set(email, user!.id);
  }
  const now = Date.now();
  await tx.insert(emailLog).values(
    demoMails.map((mail) => {
      const project = byName.get(String(demoProjects[mail.project]!.name))!;
      const at = new Date(now + mail.days * 86_400_000);
      const paragraphs = mail.paragraphs(project);
      const sent = mail.days < 0;
      return {
        date: sent ? at : new Date(now),
        sender,
        recipient: project.email,
        subject: mail.subject(project),
        text: paragraphs.join('\n\n'),
        html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(''),
        attachments: mail.attachments ?? [],
        status: sent ? ('sent' as const) : ('scheduled' as const),
        projectId: project.id,
        sendAt: at,
        sentAt: sent ? at : null,
        attempts: sent ? 1 : 0,
        createdBy: advisers.get(mail.by)!,
        updatedBy: advisers.get(mail.by)!,
      };
    }),
  );
}
