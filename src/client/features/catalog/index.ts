// The catalog feature's face: the landing page's package list and the packages query.
export { PackageList } from './PackageList';
export { usePackages } from './use-packages';
