import { createContext, createElement, useContext, type ComponentType, type ReactNode } from 'react';

export interface CreateInModalProps {
  /** The resource whose create form the modal holds. */
  target: string;
  onCreated: (id: number) => void;
}

/**
 * The "new" button of a reference field declared createInModal. That button opens a form made of
 * field inputs, so a field input cannot import it without an import cycle: resource.route.tsx gives it.
 */
export const CreateInModalContext = createContext<ComponentType<CreateInModalProps> | null>(null);

/** Renders the "new" button given above, if any. */
export function useCreateInModal(): (props: CreateInModalProps) => ReactNode {
  const Button = useContext(CreateInModalContext);
  return (props) => (Button ? createElement(Button, props) : null);
}
