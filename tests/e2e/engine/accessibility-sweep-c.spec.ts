import { sweepResources } from '../../support/accessibility-sweep';

// A quarter of the resources, every fourth from the third: the others are accessibility-sweep-a to -d.
sweepResources(2);
