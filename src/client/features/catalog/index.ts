// The catalog feature's face: the landing page's package list (the packages query is lib/use-packages.ts).
export { LazyPackageList as PackageList } from './LazyPackageList';
