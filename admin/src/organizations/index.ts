import BusinessIcon from '@mui/icons-material/Business';

/**
 * The organizations resource (REST /api/admin/organizations). Its screens are the spec's own
 * routes (/create, /vieworedit/{name}, /active, /inactive), registered as custom routes.
 */
export default {
  icon: BusinessIcon,
  recordRepresentation: 'name',
};
