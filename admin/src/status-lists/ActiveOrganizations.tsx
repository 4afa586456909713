import { OrganizationStatusList } from './OrganizationStatusList';

export function ActiveOrganizations() {
  return (
    <OrganizationStatusList
      status="active"
      title="Active Organizations"
      accessLabel="Allowed Until"
    />
  );
}
