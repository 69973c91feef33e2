using Prison.Benchmarks;

return await BenchmarkCommandLine.InvokeAsync(args);
