namespace Prison.Worker.Tests;
