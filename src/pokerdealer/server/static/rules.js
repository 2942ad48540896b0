loadWords().then(() => langMenu("lang-slot"));
