import type { z } from 'zod';
import type { RouteName } from '../routes';
import { accountContracts } from './account.contract';
import { contactContracts } from './contacts.contract';
import { dashboardContracts } from './dashboard.contract';
import { documentContracts } from './documents.contract';
import { fileManagerContracts } from './file-manager.contract';
import { importContracts } from './imports.contract';
import { mailContracts } from './mail.contract';
import { mediaContracts } from './media.contract';
import { projectContracts } from './projects.contract';
import { resourceContracts } from './resources.contract';
import { sareContracts } from './sare.contract';
import { searchContracts } from './search.contract';
import { siteSettingsContracts } from './site-settings.contract';
import { ticketContracts } from './tickets.contract';
import { themeContracts } from './theme.contract';
import type { ContractMethod, Operation } from './contract';

/** Each feature's contracts; a route is in one group only (contracts.test.ts), so merging them loses none. */
export const contractGroups = {
  accountContracts,
  resourceContracts,
  contactContracts,
  projectContracts,
  sareContracts,
  ticketContracts,
  importContracts,
  mailContracts,
  dashboardContracts,
  mediaContracts,
  documentContracts,
  searchContracts,
  fileManagerContracts,
  siteSettingsContracts,
  themeContracts,
};

type Groups = typeof contractGroups;
/** The groups' contracts in one type: the intersection of every group's. */
type Merged = (
  Groups[keyof Groups] extends infer G ? (G extends unknown ? (group: G) => void : never) : never
) extends (group: infer All) => void
  ? All
  : never;

/**
 * Every API route's contract, by route name then method: what the server validates and documents,
 * and what the web's client (src/web/api-client.ts) sends and gets back.
 */
export const apiContracts = Object.assign({}, ...Object.values(contractGroups)) as Merged;

export type ApiContracts = typeof apiContracts;
export type ContractName = keyof ApiContracts;
export type MethodOf<N extends ContractName> = keyof ApiContracts[N] & ContractMethod;
/** A route's operation for a method; never for a route or method without a contract. */
export type ContractOf<N extends RouteName, M extends ContractMethod> = N extends ContractName
  ? M extends keyof ApiContracts[N]
    ? ApiContracts[N][M]
    : never
  : never;

type Input<O, K extends keyof Operation> = O extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : never;
/** The JSON a route answers: its reply schema's type (defaults filled in, as the server sends them). */
export type ReplyOf<N extends ContractName, M extends MethodOf<N>> =
  ContractOf<N, M> extends { reply: infer R extends z.ZodType } ? z.output<R> : void;
export type QueryOf<N extends ContractName, M extends MethodOf<N>> = Input<ContractOf<N, M>, 'query'>;
export type BodyOf<N extends ContractName, M extends MethodOf<N>> =
  ContractOf<N, M> extends { upload: true } ? Blob : Input<ContractOf<N, M>, 'body'>;

/** A route's operation for a method, or undefined when it has no contract (a page, a file route). */
export function contractOf(name: RouteName, method: ContractMethod): Operation | undefined {
  return (apiContracts as Partial<Record<RouteName, Partial<Record<ContractMethod, Operation>>>>)[name]?.[method];
}
