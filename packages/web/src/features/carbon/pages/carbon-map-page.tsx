import { PageTitle } from '../../../components/page-title.tsx';
import { useSlot } from '../../../lib/slots.tsx';

const ALL_ACTIONS = ['reparer', 'donner', 'echanger', 'preter', 'revendre'] as const;

/** product §2/§9, Map: the public « Que faire de mes objets » map, 600 px high, France, actions by type. */
export function CarbonMapPage() {
  const CircularMap = useSlot('circularMap');
  return (
    <>
      <PageTitle title="Carte de l’économie circulaire" />
      <CircularMap
        actions={ALL_ACTIONS}
        france
        title="Carte « Que faire de mes objets » de l’ADEME"
        intro="Réparer, donner, échanger, prêter ou revendre : trouvez les acteurs près de chez vous sur la carte publique de l’ADEME « Que faire de mes objets »."
      />
    </>
  );
}
