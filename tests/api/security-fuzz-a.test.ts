import { fuzzTheApi } from '../support/api-fuzz';

// Every other operation of the OpenAPI document; the others are in security-fuzz-b.
fuzzTheApi(0);
