import { sweepResources } from '../../support/accessibility-sweep';

// Every other resource from the first: the other half is accessibility-sweep-b.spec.ts.
sweepResources(0);
