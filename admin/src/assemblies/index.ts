import PlumbingIcon from '@mui/icons-material/Plumbing';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/**
 * An organization's assemblies (/assemblies): read by everyone who reads the organization,
 * added and changed by its Reviewers and Program managers and the provider's Editors; never
 * deleted (an assembly out of service is removed or replaced).
 */
export default {
  list: lazy(() => import('./AssemblyList').then((m) => ({ default: m.AssemblyList }))),
  show: lazy(() => import('./AssemblyShow').then((m) => ({ default: m.AssemblyShow }))),
  create: lazy(() => import('./AssemblyForm').then((m) => ({ default: m.AssemblyCreate }))),
  edit: lazy(() => import('./AssemblyForm').then((m) => ({ default: m.AssemblyEdit }))),
  icon: PlumbingIcon,
  recordRepresentation: (record: RaRecord) => String(record.assemblyId ?? ''),
};
