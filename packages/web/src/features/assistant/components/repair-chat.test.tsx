import { API_BASE, EMERGENCIES, type MiaAnswer } from '@ecofoyer/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AS_SHOWN, renderPage, stubNetwork } from '../../../../test/render.tsx';
import { CHAT_TEXTS, type ChatDevice } from '../chat-machine.ts';
import { RepairChat } from './repair-chat.tsx';

const device = (productName: string): ChatDevice => ({
  applianceId: 7,
  productId: 3,
  name: `Mon ${productName.toLowerCase()}`,
  productName,
  pict: null,
  details: null,
  bonus: null,
});

const drain: MiaAnswer = {
  reference_urls: [{ title: 'Nettoyer le filtre de vidange', url: 'https://www.example-fabricant.fr/filtre' }],
  summary: {
    PRECAUTION: 'Débranche la machine.',
    CAUSE: ['Filtre de vidange bouché', 'Tuyau d’évacuation plié'],
    INSTRUCTION: ['Ouvre la trappe du filtre.'],
  },
  fault: {
    id: 'lave-linge-ne-vidange-pas',
    title: 'Le lave-linge ne vidange pas',
    professional: 'Si la pompe ne tourne plus.',
    diy: 'oui',
  },
  alternatives: [],
};

describe('repair chat (product §4)', () => {
  it('answers a gas smell at once with the emergency alert, its numbers and no step, without asking the server', async () => {
    const calls = stubNetwork(() => ({ status: 500, body: {} }));
    const user = userEvent.setup();
    renderPage(<RepairChat device={device('Cuisinière')} firstname="Camille" />);
    expect(screen.getByText(CHAT_TEXTS.greeting('Camille'), AS_SHOWN)).toBeTruthy();
    await user.type(screen.getByLabelText(/Ton message/), 'ça sent le gaz quand j’allume le feu{Enter}');
    const alert = await screen.findByTestId('emergency');
    expect(within(alert).getByText(EMERGENCIES.gaz.titre, AS_SHOWN)).toBeTruthy();
    expect(alert.textContent).toContain('0 800 47 33 33');
    expect(screen.queryByText('Étapes à suivre')).toBeNull();
    expect(screen.queryByRole('button', { name: CHAT_TEXTS.choices.diy })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('walks describe → do it myself → warning → the sheet, then refines it on a follow-up about the same device', async () => {
    const calls = stubNetwork((call) =>
      call.url.endsWith('/assistant/securite')
        ? { status: 200, body: { urgence: null, refus: null } }
        : call.url.endsWith('/mia/question')
          ? { status: 200, body: drain }
          : {
              status: 200,
              body: {
                answer: 'Alors vérifie le tuyau d’évacuation.',
                fault: { id: drain.fault!.id, title: drain.fault!.title },
                suite: { faultId: drain.fault!.id, cause: 1 },
              },
            },
    );
    const user = userEvent.setup();
    renderPage(<RepairChat device={device('Lave-linge')} firstname={null} />);
    await user.type(screen.getByLabelText(/Ton message/), 'il reste de l’eau au fond à la fin{Enter}');
    await user.click(await screen.findByRole('button', { name: CHAT_TEXTS.choices.diy }));
    expect(screen.getByText(CHAT_TEXTS.diyWarning, AS_SHOWN)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: CHAT_TEXTS.diyAgree }));
    expect(await screen.findByText(`Fiche la plus proche de ta description : ${drain.fault!.title}`)).toBeTruthy();
    expect(screen.getByText('Filtre de vidange bouché')).toBeTruthy();
    // The first description read by the server for a danger the chat's rules missed, then analysed.
    expect(calls[0]).toEqual({
      url: `${API_BASE}/assistant/securite`,
      method: 'POST',
      body: { texte: 'il reste de l’eau au fond à la fin', productName: 'Lave-linge' },
    });
    expect(calls[1]).toEqual({
      url: `${API_BASE}/mia/question`,
      method: 'POST',
      body: { userQuestion: 'il reste de l’eau au fond à la fin', productName: 'Lave-linge', applianceId: 7, faultId: null },
    });

    await user.type(screen.getByLabelText(/Ton message/), 'et si le filtre est propre ?{Enter}');
    expect(await screen.findByText('Alors vérifie le tuyau d’évacuation.')).toBeTruthy();
    expect(calls[2]).toEqual({
      url: `${API_BASE}/assistant/chat`,
      method: 'POST',
      body: { user_prompt: 'et si le filtre est propre ?', productName: 'Lave-linge', suite: { faultId: drain.fault!.id, cause: 0 } },
    });
    // The answer refined the sheet already shown: no second analysis.
    expect(calls).toHaveLength(3);
  });
});
