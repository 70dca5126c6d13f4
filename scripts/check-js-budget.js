console.log("budget: todo");
