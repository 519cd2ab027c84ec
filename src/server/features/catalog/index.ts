// The catalog feature's face: the packages on sale.
export { createCatalog, findPackage, type Catalog, type PackageRow } from './service';
export { catalogRoutes } from './routes';
export { hasNoPackages, seedPackages } from './seed';
export { packagesForReading } from './read-only';
export { notSoldInMessage, packageIn, requireCurrency } from './price-lists';
