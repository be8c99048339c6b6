import ExcelJS from 'exceljs';
import { templateFiles } from '../../shared/resources/fichier-type.resource';
import { docxOf } from '../documents/docx-skeleton';
import type { DemoRecord } from './demo-data';
import type { SeedOperations } from './seed-operations';

/**
 * The demo's template files (docs/documents.md): an acknowledgement letter and a visit report in
 * Word, a campaign table in Excel, built here (docx-skeleton.ts, exceljs) and written under
 * DATA_DIR/uploads with the other demo files; published once created, so the projects offer them.
 */
const files = {
  letter: 'fichier-type/2d4f6a8c-1b3e-4c5d-8e7f-9a0b1c2d3e4f/Accusé de réception.docx',
  report: 'fichier-type/5e7a9c1b-3d5f-4a6b-8c9d-0e1f2a3b4c5d/Compte rendu de visite.docx',
  campaign: 'fichier-type/8b0d2f4a-6c8e-4f1a-9b2c-3d4e5f6a7b8c/Tableau de campagne.xlsx',
};

export const demoTemplateRecords: DemoRecord[] = [
  {
    name: 'Accusé de réception',
    file: files.letter,
    projectTypes: [{ ref: 'Rénovation globale' }, { ref: 'Rénovation par gestes' }],
  },
  {
    name: 'Compte rendu de visite',
    file: files.report,
    projectTypes: [
      { ref: 'Rénovation globale' },
      { ref: 'Rénovation par gestes' },
      { ref: 'Rénovation de copropriété' },
    ],
  },
  { name: 'Tableau de campagne', file: files.campaign, projectTypes: [] },
];

export async function demoTemplateFiles(): Promise<[string, Buffer][]> {
  const letter = docxOf([
    '{{ conseiller.nom }}',
    'Service habitat – Espace conseil rénovation',
    '',
    '{{ porteur.civilite }} {{ porteur.prenom }} {{ porteur.nom }}',
    '{{ porteur.adresse }}',
    '{{ porteur.code_postal }} {{ porteur.commune }}',
    '',
    'Le {{ date_du_jour }}',
    'Objet : accusé de réception de votre demande – dossier {{ projet.reference }}',
    '',
    '{{ porteur.civilite }},',
    'Nous avons bien reçu votre demande d’accompagnement « {{ projet.nom }} », enregistrée le {{ projet.date_creation }} au titre de la mission {{ projet.mission }}.',
    '{{#projet.prochain_rendez_vous}}Un rendez-vous est prévu le {{ projet.prochain_rendez_vous }}.{{/projet.prochain_rendez_vous}}{{^projet.prochain_rendez_vous}}Votre conseiller vous appellera prochainement pour convenir d’un rendez-vous.{{/projet.prochain_rendez_vous}}',
    'Pour toute question, écrivez à {{ conseiller.email }} en rappelant la référence {{ projet.reference }}.',
    '',
    'Veuillez agréer, {{ porteur.civilite }}, nos salutations distinguées.',
    '{{ conseiller.nom }}',
  ]);
  const report = docxOf([
    'Compte rendu de visite – {{ projet.reference }}',
    'Projet : {{ projet.nom }} ({{ projet.type }})',
    'Porteur : {{ porteur.prenom }} {{ porteur.nom }}, {{ porteur.adresse }}, {{ porteur.code_postal }} {{ porteur.commune }}',
    '{{#projet.coporteurs}}Co-porteurs : {{ projet.coporteurs }}{{/projet.coporteurs}}',
    'État du dossier : {{ projet.etat }}',
    '',
    'Actes de conseil',
    '{{#actes}}',
    '{{ date }} – {{ objet }} ({{ type }}, {{ conseiller }})',
    '{{ texte }}',
    '{{/actes}}',
    '',
    'Caractéristiques du logement',
    '{{#caracteristiques}}',
    '{{ nom }} : {{ valeur }}',
    '{{/caracteristiques}}',
    '',
    'Rédigé par {{ conseiller.nom }} le {{ date_du_jour }}.',
  ]);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Campagne');
  sheet.addRows([
    ['Tableau de campagne', '{{ projet.reference }}', '{{ projet.nom }}'],
    ['Porteur', '{{ porteur.prenom }} {{ porteur.nom }}', '{{ porteur.commune }}'],
    ['État', '{{ projet.etat }}', 'Édité le {{ date_du_jour }}'],
    [],
    ['Tâche', 'Étape', 'Échéance'],
    ['{{#tickets}}{{ nom }}', '{{ etape }}', '{{ echeance }}'],
  ]);
  sheet.getRow(5).font = { bold: true };
  sheet.columns = [{ width: 36 }, { width: 28 }, { width: 24 }];
  return [
    [files.letter, letter],
    [files.report, report],
    [files.campaign, Buffer.from(await workbook.xlsx.writeBuffer())],
  ];
}

/** The demo template files published: the projects' Export tab offers only published ones. */
export async function publishDemoTemplates({ operations, context }: SeedOperations, ids: number[]): Promise<void> {
  for (const id of ids) await operations.togglePublished(templateFiles, id, context);
}
