import { Input, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './tiptap-editor.component';

// tiptap and ProseMirror (~120 kB compressed) load with the first editor shown, not with the layout
// that holds the profile modal.
const TiptapEditor = lazy(async () => ({ default: (await import('./tiptap-editor.component')).TiptapEditor }));

/** A rich-text field (bold, italic, underline, lists, links); Ctrl/Cmd+S submits the open modal. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper
          label={props.label}
          description={props.description}
          error={props.error}
          required={props.required}
          labelElement="div"
        >
          <Loader size="sm" />
        </Input.Wrapper>
      }
    >
      <TiptapEditor {...props} />
    </Suspense>
  );
}
