/** The project's highlighted characteristics in its page's header: filled in by the characteristics' work. */
export function ProjectHighlights(_props: { projectId: number }) {
  return null;
}
