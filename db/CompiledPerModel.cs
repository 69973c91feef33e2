using System.Runtime.CompilerServices;
using Microsoft.EntityFrameworkCore.Metadata;

namespace Prison.Db;

/// <summary>
/// Compiled statements kept per model: a compiled query serves only the model it was compiled against, and PostgreSQL
/// and SQLite each have theirs. A model no context uses any more takes its statements along.
/// </summary>
public sealed class CompiledPerModel<T>(Func<IModel, T> compile)
    where T : class
{
    private readonly ConditionalWeakTable<IModel, T> perModel = new();

    public T For(IModel model) => perModel.GetValue(model, key => compile(key));
}
