using Prison.Worker.CommandLine;

return await WorkerCommandLine.InvokeAsync(args);
