// Context of the Sequelize fragments: a connection and a model.
import { Model, Sequelize } from 'sequelize'

const sequelize = new Sequelize('sqlite::memory:', { logging: false })
class Post extends Model {}
Post.init({}, { sequelize })
