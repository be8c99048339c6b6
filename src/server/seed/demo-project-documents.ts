import type { DemoRecord } from './demo-data';
import { demoProjects } from './demo-projects';

/** A demo project's name, for a reference to it. */
const project = (index: number) => ({ ref: String(demoProjects[index]!.name) });

/** A one-page PDF saying these lines (Helvetica), its cross-reference table written from the real offsets. */
function pdf(lines: string[]): Buffer {
  const text = lines
    .map((line, index) => `BT /F1 12 Tf 72 ${770 - index * 18} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = Buffer.byteLength(body, 'latin1');
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The demo documents' files, by upload path (folder piece-jointe, as the documents' uploads). */
export const demoDocumentFiles = {
  quote: 'piece-jointe/3f1c2a9e-6d4b-4e8a-9b1f-0c7d5e2a8b14/Devis isolation des combles.pdf',
  audit: 'piece-jointe/8a2e4c6b-1f3d-4b5a-8c7e-9d0f1a2b3c4d/Rapport d’audit énergétique.pdf',
  invoice: 'piece-jointe/c5d7e9f1-2a4b-4c6d-8e0f-1a3b5c7d9e2f/Facture chaudière.pdf',
  notes: 'piece-jointe/e4f6a8b0-3c5d-4e7f-9a1b-2c4d6e8f0a1b/Avis d’imposition 2025.txt',
};

/** The demo documents' files, written under DATA_DIR/uploads with the other demo files by the seed. */
export function demoProjectDocumentFiles(): [string, Buffer][] {
  return [
    [
      demoDocumentFiles.quote,
      pdf(['Devis - Isolation des combles perdus', 'Laine soufflée, 32 cm, R = 7', 'Montant : 4 850,00 EUR TTC']),
    ],
    [
      demoDocumentFiles.audit,
      pdf(["Rapport d'audit énergétique", 'Étiquette actuelle : F', 'Scénario en deux étapes : C puis B']),
    ],
    [demoDocumentFiles.invoice, pdf(["Facture - Pose d'une chaudière à condensation", 'Montant : 6 200,00 EUR TTC'])],
    [
      demoDocumentFiles.notes,
      Buffer.from(
        'Avis d’imposition 2025 (extrait)\n\nRevenu fiscal de référence : 24 310 €\nNombre de parts : 2\n',
        'utf8',
      ),
    ],
  ];
}

/** A few documents on the first demo projects (created through the engine: the projects' history names them). */
export const demoProjectDocuments: DemoRecord[] = [
  {
    project: project(0),
    title: 'Devis isolation des combles',
    documentType: { ref: 'Devis' },
    file: demoDocumentFiles.quote,
  },
  {
    project: project(0),
    title: 'Avis d’imposition 2025',
    documentType: { ref: "Avis d'imposition" },
    file: demoDocumentFiles.notes,
  },
  {
    project: project(1),
    title: 'Rapport d’audit énergétique',
    documentType: { ref: "Rapport d'audit énergétique" },
    file: demoDocumentFiles.audit,
  },
  {
    project: project(2),
    title: 'Facture chaudière',
    documentType: { ref: 'Facture' },
    file: demoDocumentFiles.invoice,
  },
];
