import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor as MantineRichTextEditor } from '@mantine/tiptap';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { IconPaperclip } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileManagerModal } from './file-manager.modal';
import type { ChosenFile } from './file-manager.protocol';

export interface RichTextEditorProps {
  label: string;
  description?: string;
  error?: string;
  required?: boolean;
  value: string;
  onChange: (html: string) => void;
  /** Given the editor once made: a caller inserting text at its cursor (a template's variables). */
  onReady?: (editor: Editor) => void;
}

/** Ctrl/Cmd+S in the editor submits the open modal, as its submit button would. */
function submitOpenModal(event: KeyboardEvent<HTMLDivElement>): void {
  if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 's') return;
  const submit = event.currentTarget
    .closest('[role="dialog"]')
    ?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!submit) return;
  event.preventDefault();
  submit.click();
}

/** The editor itself (tiptap): loaded by RichTextEditor when one is first shown. */
export function TiptapEditor({ label, description, error, required, value, onChange, onReady }: RichTextEditorProps) {
  const { t } = useTranslation('js');
  const labelId = useId();
  const errorId = useId();
  const controlLabels = t('rich_text', { returnObjects: true }) as Record<string, string>;
  const invalid: Record<string, string> = error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {};
  // What the editor last gave its form: any other value was set from outside (a link's description
  // filled in) and replaces the content; the writer's own typing comes back as it and is left alone.
  const given = useRef(value);
  const { t: tm } = useTranslation();
  const [browsing, setBrowsing] = useState(false);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    // useEditor gives the editor its options again at each render: the error described once shown.
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId, ...invalid } },
    onUpdate: ({ editor: current }) => {
      given.current = current.getHTML();
      onChange(given.current);
    },
    onCreate: ({ editor: current }) => onReady?.(current),
  });
  useEffect(() => {
    if (value === given.current) return;
    given.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // A file of the file manager goes in as a link to it, named after it (rich text keeps links, no images).
  function insertFile(file: ChosenFile) {
    editor
      .chain()
      .focus()
      .insertContent({ type: 'text', text: file.name, marks: [{ type: 'link', attrs: { href: file.url } }] })
      .run();
  }

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      errorProps={{ id: errorId }}
      required={required}
      labelElement="div"
      labelProps={{ id: labelId }}
      onKeyDown={submitOpenModal}
    >
      <MantineRichTextEditor editor={editor} labels={controlLabels}>
        <MantineRichTextEditor.Toolbar>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Bold />
            <MantineRichTextEditor.Italic />
            <MantineRichTextEditor.Underline />
            <MantineRichTextEditor.BulletList />
            <MantineRichTextEditor.Link />
            <MantineRichTextEditor.Control
              onClick={() => setBrowsing(true)}
              aria-label={tm('file_manager.insert')}
              title={tm('file_manager.insert')}
            >
              <IconPaperclip size={16} stroke={1.5} />
            </MantineRichTextEditor.Control>
          </MantineRichTextEditor.ControlsGroup>
        </MantineRichTextEditor.Toolbar>
        <MantineRichTextEditor.Content />
      </MantineRichTextEditor>
      {browsing && (
        <FileManagerModal stores={['uploads', 'media']} onChoose={insertFile} onClose={() => setBrowsing(false)} />
      )}
    </Input.Wrapper>
  );
}
