/**
 * The reference service's fault table, part 2 of 2 (the fault table's odd places; the
 * other part in reference-faults-1.test.ts, so the two spread over both workers): see reference-faults.ts.
 */
import { describeFaults, faultsOfPart } from './reference-faults.js';

describeFaults(faultsOfPart(1));
