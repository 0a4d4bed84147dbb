module concordat

go 1.26.8
