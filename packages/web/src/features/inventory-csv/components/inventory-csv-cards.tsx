import { InventoryExport } from './inventory-export.tsx';
import { InventoryImport } from './inventory-import.tsx';

/** The profile's « Exporter » and « Importer » cards. */
export function InventoryCsvCards() {
  return (
    <>
      <InventoryExport />
      <InventoryImport />
    </>
  );
}
