import { sweepResources } from '../../support/accessibility-sweep';

// Every other resource from the second: the other half is accessibility-sweep-a.spec.ts.
sweepResources(1);
